export { ActionMenu, type ActionMenuItem, type ActionMenuProps } from './action-menu';
export { AltTextField, type AltTextFieldProps } from './alt-text-field';
export { Alert, type AlertProps } from './alert';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Logo, type LogoProps } from './logo';
export { Modal, type ModalProps } from './modal';
export { ProgressBar, type ProgressBarProps } from './progress-bar';
export { Select, type SelectOption, type SelectProps } from './select';
export { SensitiveImage, type SensitiveImageProps } from './sensitive-image';
export { Spinner, type SpinnerProps } from './spinner';
export { TextField, type TextFieldProps } from './text-field';
export {
  AppToastContainer,
  FEED_SUCCESS_AUTO_CLOSE_MS,
  TOAST_AREA_SETTINGS,
  authToast,
  feedToast,
  notify,
  toastAreaFor,
  type ToastArea,
} from './toasts';

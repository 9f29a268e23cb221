import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button; keep the label meaningful (e.g. "Signing In..."). */
  loading?: boolean;
  fullWidth?: boolean;
  /** An icon before the label (decorative; the label names the button). */
  icon?: ReactNode;
}

const VARIANT_CLASS: Record<ButtonVariant, string | undefined> = {
  primary: styles.btnPrimary,
  secondary: styles.btnSecondary,
  ghost: styles.btnGhost,
  danger: styles.btnDanger,
};
const SIZE_CLASS: Record<ButtonSize, string | undefined> = {
  sm: styles.btnSm,
  md: styles.btnMd,
  lg: styles.btnLg,
};

/** A button's look, for a link or a label that acts as a button (e.g. "Edit Profile", a file picker). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  loading = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'loading' | 'className'> = {}): string {
  return clsx(
    styles.btn,
    VARIANT_CLASS[variant],
    SIZE_CLASS[size],
    fullWidth && styles.btnFull,
    loading && styles.btnLoading,
    className,
  );
}

/** The icon before a button-looking link's label. */
export const buttonIconClassName = styles.btnIcon;

/** A button that reads as an inline link ("Resend code", "Terms and Conditions"). */
export const linkButtonClassName = styles.linkButton;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth = false,
  icon,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, fullWidth, loading, className });
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <Spinner size="sm" decorative />
      ) : icon ? (
        <span className={buttonIconClassName} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span>{children}</span>
    </button>
  );
}

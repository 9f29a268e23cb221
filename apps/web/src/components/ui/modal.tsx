import { clsx } from 'clsx';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './close-icon';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Optional text under the title, used as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (e.g. Cancel / Confirm). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Where focus goes on open; by default the browser's choice (the first focusable element inside). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Clicking the dimmed backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  /** The × in the corner, named "Dismiss" so it never clashes with a footer "Close"/"Cancel" (default true). */
  showDismissButton?: boolean;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>` opened with `showModal()`: the browser puts it in the top
 * layer, keeps focus inside, and makes the rest of the page inert (out of reach of pointer, keyboard
 * and assistive technology, so the page's landmarks are not read twice); a dialog opened over
 * another makes that one inert in turn. This component adds what the platform leaves to us: it is
 * labelled by its title, Escape and the backdrop ask `onClose` (the caller decides), and focus returns
 * to the opener. Everything outside a modal dialog is inert, the toasts too (whatwg/html#9936): a
 * message the member must read while a dialog is open is shown in the dialog (an Alert), not only
 * as a toast. (Moving the toasts into the dialog would restart their timers.)
 */
export function Modal({ open, ...props }: ModalProps) {
  if (!open) return null;
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  showDismissButton = true,
  className,
}: Omit<ModalProps, 'open'>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    initialFocusRef?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocusRef]);

  const requestClose = () => onCloseRef.current();

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      // The browser knows it is modal (showModal); said for assistive technology that predates that.
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape: the caller decides (a dialog that is busy stays open). Handled on keydown so that a
      // dialog over another closes alone; `cancel` covers other close requests (e.g. Android's back).
      onKeyDown={(event: KeyboardEvent<HTMLDialogElement>) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        requestClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) requestClose();
      }}
    >
      <div className={clsx(styles.panel, styles[size], className)}>
        {/* Plain divs: a <header>/<footer> outside the page's own would be a second banner/contentinfo. */}
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {showDismissButton ? (
            <button
              type="button"
              className={styles.close}
              aria-label="Dismiss"
              onClick={requestClose}
            >
              <CloseIcon size={20} />
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        ) : null}
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </dialog>
  );
}

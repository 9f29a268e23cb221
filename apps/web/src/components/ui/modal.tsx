import { inertOthers } from 'aria-hidden';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './close-icon';
import './modal.css';

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
  /** Where focus goes on open; by default the first focusable element inside the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Clicking the dimmed backdrop closes the dialog (default true). */
  closeOnBackdrop?: boolean;
  /** The × in the corner, named "Dismiss" so it never clashes with a footer "Close"/"Cancel" (default true). */
  showDismissButton?: boolean;
  className?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one reacts to Escape and Tab. */
const openStack: string[] = [];

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A modal dialog: rendered over the page (portal), labelled by its title, focus moved inside and kept
 * there (Tab cycles), Escape and the backdrop close it, focus returns to the opener afterwards and
 * the page behind does not scroll. While it is open the page behind is inert (out of reach of
 * pointer, keyboard and assistive technology, so its landmarks are not read twice), except live
 * regions such as the notifications; a dialog opened over another makes that one inert in turn.
 */
export function Modal({
  open,
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
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const liveRegions = Array.from(document.body.querySelectorAll('[aria-live]'));
    const restorePage = inertOthers([dialog.parentElement ?? dialog, ...liveRegions]);
    openStack.push(id);
    const isTop = () => openStack[openStack.length - 1] === id;

    const target = initialFocusRef?.current ?? focusableIn(dialog)[0] ?? dialog;
    target.focus();

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (e.g. a click on the backdrop area of another layer) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) {
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openStack.lastIndexOf(id);
      if (index >= 0) openStack.splice(index, 1);
      if (openStack.length === 0) document.body.style.overflow = previousOverflow;
      restorePage();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, id, initialFocusRef]);

  if (!open) return null;
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
      >
        {/* Plain divs: a <header>/<footer> outside the page's own would be a second banner/contentinfo. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {showDismissButton ? (
            <button
              type="button"
              className="modal__close"
              aria-label="Dismiss"
              onClick={() => onCloseRef.current()}
            >
              <CloseIcon size={20} />
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        ) : null}
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

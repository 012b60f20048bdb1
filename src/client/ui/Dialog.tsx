// The one modal of the site, the app and the embed, on the native <dialog>: opened with showModal(), so the
// browser keeps focus and the screen reader inside it, makes the page behind inert and puts it on top of
// every other layer. Tab and Shift+Tab go round inside it (the browser would let them leave for its own
// toolbar). Esc asks `onCancel` (a dialog without one ignores Esc); when the dialog goes away, focus returns to
// where it was before it opened.
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function wrapTab(dialog: HTMLElement, event: KeyboardEvent): void {
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const inside = dialog.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  /** The id of the element that names the dialog (its title). */
  labelledBy: string;
  /** 'alertdialog' for a message that must be answered. */
  role?: 'dialog' | 'alertdialog';
  /** Esc, and with `closeOnBackdrop` a press outside the box. Without it the dialog stays until answered. */
  onCancel?(): void;
  closeOnBackdrop?: boolean;
  /** The box's class: 'dialog', 'popup', 'dialog form-dialog' … */
  className: string;
  children: ReactNode;
}

export function Dialog({
  labelledBy,
  role,
  onCancel,
  closeOnBackdrop = false,
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;

  useLayoutEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The browser closes a modal dialog itself on a second Esc without a click in between, even when the
    // first was refused; the dialog stays until the page takes it away, so it opens again at once.
    const reopen = () => {
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('close', reopen);
    return () => {
      dialog.removeEventListener('close', reopen);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal-layer"
      role={role}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        if (event.target === event.currentTarget) cancel.current?.();
      }}
      onKeyDown={(event) => {
        // Esc must not reach the page's own handlers (the fairy, a menu) behind the dialog either.
        // Keys stop at the innermost dialog: a confirmation opened over another dialog keeps them.
        if (event.key === 'Escape' || event.key === 'Tab') event.stopPropagation();
        if (event.key === 'Tab') wrapTab(event.currentTarget, event);
      }}
      onMouseDown={(event) => {
        // The layer covers the screen and the box sits inside it: a press on the layer itself is outside the box.
        if (closeOnBackdrop && event.target === event.currentTarget) cancel.current?.();
      }}
    >
      <div className={className}>{children}</div>
    </dialog>
  );
}

// A form over the page (the site's sign-in, the app's editors): a Dialog with a title and a close button; Esc
// closes it too. The first field takes the focus, not the close button the browser would pick.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { catalog } from '../../shared/i18n/index.js';
import { useText } from '../text.js';
import { Dialog } from './Dialog.js';

export function FormDialog({
  title,
  onClose,
  children,
  wide = false,
  closeOnBackdrop = false,
  focusFirstField = true,
}: {
  title: string;
  /** The close button, and Esc. */
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** A press outside the box closes it too. */
  closeOnBackdrop?: boolean;
  /** Off where the form chooses its own first field. */
  focusFirstField?: boolean;
}) {
  const t = useText(catalog);
  const titleId = useId();
  const header = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef(focusFirstField);
  useEffect(() => {
    if (!focusOnOpen.current) return;
    header.current?.parentElement
      ?.querySelector<HTMLElement>('input, select, textarea, button:not(.form-dialog__close)')
      ?.focus();
  }, []);
  return (
    <Dialog
      labelledBy={titleId}
      className={wide ? 'dialog form-dialog form-dialog--wide' : 'dialog form-dialog'}
      closeOnBackdrop={closeOnBackdrop}
      onCancel={onClose}
    >
      <div ref={header} className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button
          type="button"
          className="icon-button form-dialog__close"
          aria-label={t.common.close}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {children}
    </Dialog>
  );
}

// A dialog for the app's forms, with a title and a close button; Esc closes it too.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Dialog } from '../../client/ui/Dialog.js';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';

export function Modal({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const text = useText(shellText);
  const titleId = useId();
  const header = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The first field, not the close button the browser would pick.
    header.current?.parentElement
      ?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close)')
      ?.focus();
  }, []);
  return (
    <Dialog
      labelledBy={titleId}
      className={wide ? 'dialog modal modal--wide' : 'dialog modal'}
      onCancel={onClose}
    >
      <div ref={header} className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button modal__close" aria-label={text.close} onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </Dialog>
  );
}

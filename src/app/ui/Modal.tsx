// A dialog for the app's forms: traps focus, closes with Esc, gives focus back where it was.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapTab, useRestoreFocus } from '../../client/ui/use-dialog-focus.js';
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
  const ref = useRef<HTMLDivElement>(null);
  useRestoreFocus();
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal__close)')?.focus();
  }, []);
  return (
    <div className="overlay" role="presentation">
      <div
        ref={ref}
        className={wide ? 'dialog modal modal--wide' : 'dialog modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
          trapTab(ref, event);
        }}
      >
        <div className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="icon-button modal__close"
            aria-label={text.close}
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

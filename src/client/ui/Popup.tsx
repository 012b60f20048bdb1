// The description's confirmation dialog: a title, a multi-line message and one confirm button (or, when asked,
// a second button to decline, and a third for another way to go on).
import { useEffect, useId, useRef } from 'react';
import { Dialog } from './Dialog.js';

export interface PopupProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  cancelLabel?: string;
  onCancel?(): void;
  /** Another way to go on, shown between the two (e.g. "import all" beside "skip duplicates"). */
  alternative?: { label: string; onClick(): void };
}

export function Popup({
  title,
  message,
  confirmLabel,
  onConfirm,
  cancelLabel,
  onCancel,
  alternative,
}: PopupProps) {
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <Dialog labelledBy={titleId} role="alertdialog" className="popup" onCancel={onCancel ?? onConfirm}>
      <h2 id={titleId} className="popup__title">
        {title}
      </h2>
      <p className="popup__message">{message}</p>
      <div className="popup__actions">
        {cancelLabel && onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel}
          </button>
        )}
        {alternative && (
          <button type="button" className="button button--ghost" onClick={alternative.onClick}>
            {alternative.label}
          </button>
        )}
        <button type="button" className="button button--primary" ref={confirmRef} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

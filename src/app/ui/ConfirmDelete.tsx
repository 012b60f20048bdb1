// "Are you sure you want to delete?" (description §4) before anything is removed from the vault.
import { Popup } from '../../client/ui/Popup.js';
import { useText } from '../../client/text.js';
import { shellText } from '../copy.js';

export function ConfirmDelete({
  title,
  detail,
  onConfirm,
  onCancel,
}: {
  title: string;
  detail?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const shell = useText(shellText);
  return (
    <Popup
      title={title}
      message={detail ? `${shell.confirmDelete}\n${detail}` : shell.confirmDelete}
      confirmLabel={shell.delete}
      cancelLabel={shell.cancel}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

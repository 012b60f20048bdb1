// "Are you sure you want to delete?" (description §4) before anything is removed from the vault.
import { Popup } from '../../site/ui/Popup.js';
import { useText } from '../i18n.js';
import { shellText } from '../shell/copy.js';

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

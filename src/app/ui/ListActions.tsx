// Edit and Delete beside an item of a list, named for the item so a screen reader says which one.
import { fill, useText } from '../../client/text.js';
import { shellText } from '../copy.js';

export function ListActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const shell = useText(shellText);
  return (
    <div className="list__actions">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={fill(shell.editItem, { name })}
        onClick={onEdit}
      >
        {shell.edit}
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={fill(shell.deleteItem, { name })}
        onClick={onDelete}
      >
        {shell.delete}
      </button>
    </div>
  );
}

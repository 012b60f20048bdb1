// Where a new record goes, or where an existing one moves: "나만 보기" (the member's own vault) or a space the member
// may write in. A viewer's spaces are never offered: the app hides what a role cannot do.
import { useId } from 'react';
import { useText } from '../../../client/text.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { spaceTagText } from './copy.js';
import './space-tags.css';

export interface PickableSpace {
  tag: SpaceTag;
  writable: boolean;
}

const MINE = '';

export function SpacePicker({
  spaces,
  value,
  onChange,
  moving = false,
  disabled = false,
}: {
  spaces: readonly PickableSpace[];
  /** The chosen space's id, or null for the member's own. */
  value: string | null;
  onChange: (spaceId: string | null) => void;
  /** The record exists already: choosing another place moves it there. */
  moving?: boolean;
  disabled?: boolean;
}) {
  const text = useText(spaceTagText);
  const id = useId();
  const offered = spaces.filter((space) => space.writable);
  const hasViewOnly = offered.length < spaces.length;
  const hints = [moving ? text.picker.moveHint : '', hasViewOnly ? text.picker.hint : ''].filter(Boolean);
  return (
    <div className="field space-picker">
      <label htmlFor={id}>{text.picker.label}</label>
      <select
        id={id}
        value={value ?? MINE}
        disabled={disabled}
        aria-describedby={hints.length ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value === MINE ? null : event.target.value)}
      >
        <option value={MINE}>{text.mine}</option>
        {offered.map(({ tag }) => (
          <option key={tag.id} value={tag.id}>
            {`${tag.name} ● ${text.colours[tag.colour]}`}
          </option>
        ))}
      </select>
      {hints.length > 0 && (
        <p className="field__hint" id={`${id}-hint`}>
          {hints.join(' ')}
        </p>
      )}
    </div>
  );
}

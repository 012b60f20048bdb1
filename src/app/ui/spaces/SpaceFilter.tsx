// Which records a list shows: all of them, the member's own, or one space's. Each choice is a radio with the space's
// name beside its dot, so a list filtered to "우리집" says so in words.
import { useId } from 'react';
import { useText } from '../../../client/text.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { spaceTagText } from './copy.js';
import './space-tags.css';

/** 'all', 'mine', or a space's id. */
export type SpaceFilterValue = 'all' | 'mine' | (string & {});

/** Whether a record in `space` (null: the member's own) is shown under `filter`. */
export function inFilter(filter: SpaceFilterValue, space: SpaceTag | null | undefined): boolean {
  if (filter === 'all') return true;
  if (filter === 'mine') return !space;
  return space?.id === filter;
}

export function SpaceFilter({
  spaces,
  value,
  onChange,
}: {
  spaces: readonly SpaceTag[];
  value: SpaceFilterValue;
  onChange: (value: SpaceFilterValue) => void;
}) {
  const text = useText(spaceTagText);
  const name = useId();
  const options: Array<{ value: SpaceFilterValue; label: string; colour: string | null }> = [
    { value: 'all', label: text.filter.all, colour: null },
    { value: 'mine', label: text.mine, colour: 'mine' },
    ...spaces.map((space) => ({ value: space.id, label: space.name, colour: space.colour })),
  ];
  return (
    <fieldset className="space-filter">
      <legend>{text.filter.label}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`space-filter__option${option.colour ? ` space-chip--${option.colour}` : ''}`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.colour && <span className="space-chip__dot" aria-hidden="true" />}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

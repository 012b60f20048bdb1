// Which space a record is in, as a chip beside it in the lists: the space's name and its colour's dot ("나만 보기"
// with a hollow dot for the member's own), so the colour is never the only cue. A record restored from a space the
// member no longer shares is the member's own, and says where it came from ("우리집에서 가져옴"), muted.
import { fill, useText } from '../../../client/text.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { spaceTagText } from './copy.js';
import './space-tags.css';

export function SpaceChip({ space }: { space: SpaceTag | null }) {
  const text = useText(spaceTagText);
  // A space whose name this device cannot read yet (its key not here: a member still joining) says so.
  const name = space ? space.name || text.chip.unnamed : text.mine;
  return (
    <span
      className={`space-chip space-chip--${space ? space.colour : 'mine'}`}
      title={space ? fill(text.chip.space, { name }) : undefined}
      data-space={space?.id ?? 'mine'}
    >
      <span className="space-chip__dot" aria-hidden="true" />
      <span className="space-chip__name">{name}</span>
    </span>
  );
}

/** The muted chip of a record restored from a space: its `fromSpace` names the space. */
export function FromSpaceChip({ name }: { name: string }) {
  const text = useText(spaceTagText);
  return (
    <span className="space-chip space-chip--from" title={fill(text.chip.fromLabel, { name })}>
      <span className="space-chip__name">{fill(text.chip.from, { name })}</span>
    </span>
  );
}

/** The space a record's value names as its origin (`fromSpace`, set by a restore), if any. */
export function fromSpaceOf(value: unknown): string | null {
  const from =
    typeof value === 'object' && value !== null ? (value as { fromSpace?: unknown }).fromSpace : null;
  return typeof from === 'string' && from.trim() !== '' ? from : null;
}

/**
 * The chips a list row shows: a space's, when the record is in one, or the muted origin of a restored one. A
 * record of the member's own shows none, so a member without spaces sees the lists as before.
 */
export function RecordSpaceChips({ space, value }: { space: SpaceTag | null | undefined; value: unknown }) {
  const from = fromSpaceOf(value);
  if (space) return <SpaceChip space={space} />;
  return from ? <FromSpaceChip name={from} /> : null;
}

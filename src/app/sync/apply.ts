// What a remote change does to a record here (docs/sync.md, "Applying a change"). The member's series holds only
// fast-forwards (the server stores a change only when made from its record's newest version), so a change whose
// base is not this device's version of the record is one the server reordered, and refused. Otherwise it is taken,
// unless an edit here is still unsent: then the two are merged, and no edit is lost silently — a field changed both
// ways makes the local edit a conflict copy (settings, a record there is one of, keep the remote side of such a
// field instead, with a notice), a deletion racing an edit keeps the record with a notice.
import { mergeValues, sameValue, type Json } from '../vault/merge.js';
import type { Notice } from '../vault/notices.js';

/** A record's state: a value, or deleted. */
export type Side = { deleted: true } | { deleted: false; value: Json };

export interface LocalRecord {
  /** The record's newest version as this device knows it (null: never in the series). */
  version: string | null;
  /** The value at that version (the base copy), when there is one. */
  base: Json | undefined;
  /** An unsent edit here, made from `version`. */
  pending: Side | null;
  /** The version here is a deletion (sent from here or taken from another device). */
  gone?: boolean;
}

export interface RemoteChange {
  version: string;
  base: string | null;
  side: Side;
}

export interface Decision {
  /** What the record becomes here. */
  record: Side;
  /** The edit left unsent, now made from the remote version. */
  pending: Side | null;
  /** The local edit, to keep as a new record (a conflict). */
  conflictCopy?: Json;
  notice?: Notice;
}

export function decide(
  local: LocalRecord,
  remote: RemoteChange,
  options: { oneOfAKind: boolean },
): Decision | 'reordered' {
  if (remote.base !== local.version) return 'reordered';
  const pending = local.pending;
  if (!pending) {
    // A record deleted here (its deletion already sent) that another device edited meanwhile comes back, said so.
    if (local.gone && !remote.side.deleted) {
      return { record: remote.side, pending: null, notice: 'restored-edited-elsewhere' };
    }
    return { record: remote.side, pending: null };
  }
  if (pending.deleted) {
    if (remote.side.deleted) return { record: remote.side, pending: null };
    return { record: remote.side, pending: null, notice: 'restored-edited-elsewhere' };
  }
  if (remote.side.deleted) return { record: pending, pending, notice: 'kept-edited-here' };
  const merged = mergeValues(local.base, pending.value, remote.side.value);
  if (merged.conflicts.length > 0 && !options.oneOfAKind) {
    return { record: remote.side, pending: null, conflictCopy: pending.value, notice: 'conflict' };
  }
  const record: Side = { deleted: false, value: merged.value };
  return {
    record,
    pending: sameValue(merged.value, remote.side.value) ? null : record,
    ...(merged.conflicts.length > 0 ? { notice: 'settings-merged' as const } : {}),
  };
}

// The three-way merge of a record edited on two devices from the same version (docs/sync.md, "Applying a
// change"): a field changed on one side takes that side, a field changed on both to the same value is kept, and a
// field changed on both to different values is a conflict. Objects merge key by key, at any depth (a personal
// record's fields, the settings' backup target); anything else — a text, a number, a list — is one value. The
// merged value takes the remote side of each conflict; the caller keeps the local record as a conflict copy (or,
// for a record there is one of, says which settings the other device changed), so no edit is lost silently.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Merge {
  /** Local and remote edits together; the remote side where both changed the same field differently. */
  value: Json;
  /** The fields changed on both sides to different values, as paths (`title`, `fields.accountNumber`). */
  conflicts: string[];
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two values are the same, lists and objects compared by content (key order aside). */
export function sameValue(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameValue(item, b[index]))
    );
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]))
    );
  }
  return false;
}

/**
 * Merges `local` and `remote`, both edited from `base` (undefined when both sides made the record on their own, as
 * a device's first settings are).
 */
export function mergeValues(base: Json | undefined, local: Json, remote: Json): Merge {
  const conflicts: string[] = [];
  const value = mergeAt(base, local, remote, '', conflicts);
  return { value: value ?? null, conflicts };
}

function mergeAt(
  base: Json | undefined,
  local: Json | undefined,
  remote: Json | undefined,
  path: string,
  conflicts: string[],
): Json | undefined {
  if (sameValue(local, remote)) return remote;
  if (sameValue(base, local)) return remote;
  if (sameValue(base, remote)) return local;
  if (isObject(local) && isObject(remote)) {
    const baseObject = isObject(base) ? base : {};
    const merged: { [key: string]: Json } = {};
    for (const key of new Set([...Object.keys(local), ...Object.keys(remote)])) {
      const value = mergeAt(
        baseObject[key],
        local[key],
        remote[key],
        path ? `${path}.${key}` : key,
        conflicts,
      );
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  conflicts.push(path);
  return remote;
}

/** How an edit meets the record as it now is (see `planEdit`). */
export type EditMet =
  /** The record was as the edit read it. */
  | 'none'
  /** It changed elsewhere meanwhile, in other fields: both changes are kept. */
  | 'merged'
  /** A field was changed both here and elsewhere: the record keeps the other change, the edit is kept as a copy. */
  | 'conflict'
  /** A setting was changed both here and elsewhere: this edit's choice is kept (a record there is one of). */
  | 'replaced'
  /** It was deleted elsewhere meanwhile: the edit brings it back. */
  | 'restored';

export interface EditPlan {
  /** What the record becomes. */
  value: Json;
  /** The edit as made, to keep as a conflict copy beside the record. */
  copy?: Json;
  met: EditMet;
  /** The fields changed both ways (paths), for a conflict or a replaced setting. */
  fields: string[];
}

/**
 * What saving `edited` does to a record whose value is now `current` (undefined: there is none), the edit having
 * been made from `from` (undefined: a new record) — a form left open while the record changed in another tab or on
 * another device, a copy read earlier and written back. The same three-way merge sync uses: fields only the edit
 * changed take its values, fields only the other side changed keep theirs, and a field changed both ways keeps
 * both — the other side's value in the record and the edit as a conflict copy, or, for a record there is one of
 * (the settings), this edit's value with the other's named (`replaced`).
 */
export function planEdit(
  from: Json | undefined,
  edited: Json,
  current: Json | undefined,
  options: { oneOfAKind: boolean },
): EditPlan {
  if (current === undefined) {
    return { value: edited, met: from === undefined ? 'none' : 'restored', fields: [] };
  }
  if (from !== undefined && sameValue(current, from)) return { value: edited, met: 'none', fields: [] };
  if (options.oneOfAKind) {
    // This edit is the "remote" side here: where both changed a field, the choice just made is kept.
    const merged = mergeValues(from, current, edited);
    return {
      value: merged.value,
      met: merged.conflicts.length > 0 ? 'replaced' : 'merged',
      fields: merged.conflicts,
    };
  }
  const merged = mergeValues(from, edited, current);
  if (merged.conflicts.length === 0) {
    return { value: merged.value, met: sameValue(merged.value, current) ? 'none' : 'merged', fields: [] };
  }
  return { value: merged.value, copy: edited, met: 'conflict', fields: merged.conflicts };
}

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

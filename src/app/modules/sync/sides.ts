// How two versions of a record in conflict read side by side (the settings' conflict list, docs/sync.md): each
// value written as its module shows it — money in its currency, dates as the module's list writes them — as each
// kind declares in the registry (modules/kinds.ts).
import type { Language } from '../../../shared/constants.js';
import type { Leaf, LeafFormat } from '../../records/kind.js';
import { CONFLICT_MARKS } from '../../sync/conflicts.js';
import type { RecordKind } from '../../vault/vault.js';
import { kindOf } from '../kinds.js';

export type { LeafFormat };

const plain: LeafFormat = (_path, value) => String(value);

/** A record's name for a list: its title, name, content or memo, the first there is. */
export function describeRecord(value: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'content', 'memo']) {
    const found = value[key];
    if (typeof found === 'string' && found.trim()) return found.trim().slice(0, 80);
  }
  return '';
}

/**
 * A record's plain values by path (nested objects and lists too), leaving out bookkeeping (times, the copy's marks:
 * the record it is a copy of, who made the other side).
 */
function leaves(value: unknown, path = '', into = new Map<string, Leaf>(), depth = 0): Map<string, Leaf> {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into.set(path, value);
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const [key, inner] of Object.entries(value)) {
      if (CONFLICT_MARKS.has(key) || /At$/.test(key)) continue;
      leaves(inner, path ? `${path}.${key}` : key, into, depth + 1);
    }
  }
  return into;
}

/** How each kind's values read, as its module shows them (its `conflict.format` in the registry). */
export function sideFormat(kind: RecordKind, lang: Language): LeafFormat {
  return kindOf(kind)?.conflict.format(lang) ?? plain;
}

/**
 * What tells two versions of a record apart: each side's name, then the values that differ between them (at most
 * three, each written by `format`), so two versions with the same title still read differently.
 */
export function conflictSides(
  one: unknown,
  other: unknown,
  name: [string, string],
  format: LeafFormat = plain,
): [string, string] {
  const [left, right] = [leaves(one), leaves(other)];
  const differing = [...new Set([...left.keys(), ...right.keys()])]
    .filter((path) => left.get(path) !== right.get(path))
    .slice(0, 3);
  const side = (values: Map<string, Leaf>, record: unknown, title: string) =>
    [
      ...new Set([
        title,
        ...differing.map((path) => {
          const value = values.get(path);
          if (value === undefined) return '—';
          return (
            format(path, value, (record ?? {}) as Record<string, unknown>)
              .trim()
              .slice(0, 80) || '—'
          );
        }),
      ]),
    ]
      .filter(Boolean)
      .join(' · ');
  return [side(left, one, name[0]), side(right, other, name[1])];
}

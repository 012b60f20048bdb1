// How two versions of a record in conflict read side by side (the settings' conflict list, docs/sync.md).

/** A record's name for a list: its title, name, content or memo, the first there is. */
export function describeRecord(value: Record<string, unknown>): string {
  for (const key of ['title', 'name', 'content', 'memo']) {
    const found = value[key];
    if (typeof found === 'string' && found.trim()) return found.trim().slice(0, 80);
  }
  return '';
}

/** A record's plain values by path (nested objects and lists too), leaving out bookkeeping (times, the copy's link). */
function leaves(value: unknown, path = '', into = new Map<string, string>(), depth = 0): Map<string, string> {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into.set(path, String(value));
  } else if (value && typeof value === 'object' && depth < 4) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'conflictOf' || /At$/.test(key)) continue;
      leaves(inner, path ? `${path}.${key}` : key, into, depth + 1);
    }
  }
  return into;
}

/**
 * What tells two versions of a record apart: each side's name, then the values that differ between them (at most
 * three), so two versions with the same title still read differently.
 */
export function conflictSides(one: unknown, other: unknown, name: [string, string]): [string, string] {
  const [left, right] = [leaves(one), leaves(other)];
  const differing = [...new Set([...left.keys(), ...right.keys()])]
    .filter((path) => left.get(path) !== right.get(path))
    .slice(0, 3);
  const side = (values: Map<string, string>, title: string) =>
    [...new Set([title, ...differing.map((path) => values.get(path)?.trim().slice(0, 80) || '—')])]
      .filter(Boolean)
      .join(' · ');
  return [side(left, name[0]), side(right, name[1])];
}

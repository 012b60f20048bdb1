// How a search result names its record on the page: a title and a line about it (a date, a kind, an amount), made
// from the vault's entry as each kind's own list shows it (its `search.label` in the registry). Never a secret field.
import type { Language } from '../../../shared/constants.js';
import type { ResultLabel } from '../../records/kind.js';
import type { VaultEntry } from '../../vault/vault.js';
import { kindOf } from '../kinds.js';

export type { ResultLabel };

/** The title and line of a result; null when the vault no longer has the record. */
export function resultLabel(entry: VaultEntry | undefined, lang: Language): ResultLabel | null {
  if (!entry || typeof entry.value !== 'object' || entry.value === null) return null;
  const declaration = kindOf(entry.kind);
  return declaration ? declaration.search.label(entry.value as Record<string, unknown>, lang) : null;
}

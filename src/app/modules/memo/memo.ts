// Diary entries (kind 'memo') and the search over them. Search runs on the decrypted entries in memory:
// nothing readable is ever indexed on disk.
import type { VaultEntry } from '../../vault/vault.js';
import type { Memo } from '../../records/memo.js';
import { normalize as normalizeForSearch } from '../../normalize.js';

/** The app's one way for search to read text (NFC, lower case without a locale, gaps as one space). */
function normalize(text: string): string {
  return normalizeForSearch(text);
}

/**
 * Each entry's text as search compares it, made once per entry (an edit stores a new value, which gets its own):
 * normalizing the whole diary again at every keystroke is most of a search's time in a large one.
 */
const haystacks = new WeakMap<Memo, string>();

function haystackOf(memo: Memo): string {
  let haystack = haystacks.get(memo);
  if (haystack === undefined) {
    haystack = normalize(`${memo.title}\n${memo.body}`);
    haystacks.set(memo, haystack);
  }
  return haystack;
}

/** Entries whose title or body contains every word of the query, newest first. */
export function searchMemos(entries: VaultEntry<Memo>[], query: string): VaultEntry<Memo>[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  const found = words.length
    ? entries.filter((entry) => {
        const haystack = haystackOf(entry.value);
        return words.every((word) => haystack.includes(word));
      })
    : entries;
  return sortMemos(found);
}

export function sortMemos(entries: VaultEntry<Memo>[]): VaultEntry<Memo>[] {
  return [...entries].sort((a, b) => b.value.date.localeCompare(a.value.date) || b.updatedAt - a.updatedAt);
}

export function memosInMonth(entries: VaultEntry<Memo>[], month: string): VaultEntry<Memo>[] {
  return sortMemos(entries.filter((entry) => entry.value.date.startsWith(month)));
}

/** Months ('YYYY-MM') that have entries, newest first, with their counts. */
export function memoMonths(entries: VaultEntry<Memo>[]): Array<{ month: string; count: number }> {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const month = entry.value.date.slice(0, 7);
    counts.set(month, (counts.get(month) ?? 0) + 1);
  }
  return [...counts]
    .map(([month, count]) => ({ month, count }))
    .sort((a, b) => b.month.localeCompare(a.month));
}

// The search worker's copy of the vault's searchable text, prepared once per record and kept in memory only.
// Records live in segments of about a thousand, each segment's text joined into one string (and its lower-cased
// and initial-consonant copies beside it, position for position), because one indexOf over a long string is
// several times faster than the same search over a thousand short ones; a changed record rebuilds only its
// segment.
import { initialsOf } from './hangul.js';
import { tidyText } from '../../normalize.js';
import { compileQuery, type Probe, type QueryWord } from './query.js';
import {
  SEARCH_MODULES,
  type SearchableRecord,
  type SearchGroup,
  type SearchOptions,
  type SearchResults,
  type Snippet,
} from './protocol.js';

/** Records per segment: small enough that one change rebuilds in about a millisecond. */
export const SEGMENT_RECORDS = 1024;
/** Characters of a snippet before and after what matched. */
const SNIPPET_BEFORE = 24;
const SNIPPET_AFTER = 64;
/** Between two records of a segment's joined text, and between two fields of a record. */
const RECORD_BREAK = '\u0000';
const FIELD_BREAK = '\n';
/** Before a record's aliases, which find it but are never shown (tidied text has no control character). */
const ALIAS_BREAK = '\u0001';
/** Below this share of its records still in the running, a segment's words are checked record by record. */
const SPARSE_SHARE = 1 / 16;

const EXACT = 1;
const LOOSE = 2;

const moduleIndex = new Map(SEARCH_MODULES.map((module, index) => [module, index]));

/** A record's fields as search keeps them: tidied, empty ones dropped, one line each; then its aliases. */
export function recordText(fields: readonly string[], aliases: readonly string[] = []): string {
  const lines = (texts: readonly string[]) => {
    let text = '';
    for (const field of texts) {
      const tidied = tidyText(field);
      if (tidied) text = text ? `${text}${FIELD_BREAK}${tidied}` : tidied;
    }
    return text;
  };
  const shown = lines(fields);
  const hidden = lines(aliases);
  return hidden ? `${shown}${ALIAS_BREAK}${hidden}` : shown;
}

class Segment {
  ids: string[] = [];
  modules: number[] = [];
  updated: number[] = [];
  /** Each record's text while the joined strings are out of date (a record not changed since is read from them). */
  #texts: Array<string | undefined> = [];
  #dirty = false;
  /** The records' texts joined, lower-cased, and their initial consonants: the same positions in all three. */
  shown = '';
  folded = '';
  /** Made when first needed (a query of initial consonants, or the worker's spare time): see `initials`. */
  #initials: string | null = '';
  /** Where each record starts in the joined strings; one more at the end (as if a break followed the last). */
  starts = new Int32Array(1);
  /** The lower-cased text is as long as the shown one (it almost always is): snippets are cut from the shown. */
  aligned = true;

  get size(): number {
    return this.ids.length;
  }

  #textOf(index: number): string {
    return this.#texts[index] ?? this.shown.slice(this.starts[index], this.starts[index + 1]! - 1);
  }

  /** Gives every record its text before the joined strings change under them. */
  #loosen(): void {
    if (this.#dirty) return;
    for (let index = 0; index < this.ids.length; index++) this.#texts[index] = this.#textOf(index);
    this.#dirty = true;
  }

  add(record: SearchableRecord, text: string): number {
    this.#loosen();
    this.ids.push(record.id);
    this.modules.push(moduleIndex.get(record.module) ?? 0);
    this.updated.push(record.updatedAt);
    this.#texts.push(text);
    return this.ids.length - 1;
  }

  replace(index: number, record: SearchableRecord, text: string): void {
    this.#loosen();
    this.modules[index] = moduleIndex.get(record.module) ?? 0;
    this.updated[index] = record.updatedAt;
    this.#texts[index] = text;
  }

  /** Removes the record at `index` by moving the last one into its place; answers the id that moved, if any. */
  removeAt(index: number): string | undefined {
    this.#loosen();
    const last = this.ids.length - 1;
    if (index !== last) {
      this.ids[index] = this.ids[last]!;
      this.modules[index] = this.modules[last]!;
      this.updated[index] = this.updated[last]!;
      this.#texts[index] = this.#texts[last];
    }
    this.ids.pop();
    this.modules.pop();
    this.updated.pop();
    this.#texts.pop();
    return index !== last ? this.ids[index] : undefined;
  }

  build(): void {
    if (!this.#dirty) return;
    const texts = this.#texts as string[];
    const starts = new Int32Array(texts.length + 1);
    let at = 0;
    texts.forEach((text, index) => {
      starts[index] = at;
      at += text.length + 1;
    });
    starts[texts.length] = at;
    this.shown = texts.join(RECORD_BREAK);
    this.folded = this.shown.toLowerCase();
    this.aligned = this.folded.length === this.shown.length;
    this.#initials = null;
    this.starts = starts;
    this.#texts = [];
    this.#dirty = false;
  }

  /**
   * The initial consonants of the lower-cased text, position for position (matching uses its positions). Made on
   * first use rather than with the rest: the vault's text is searchable a little sooner after an unlock.
   */
  get initials(): string {
    this.#initials ??= initialsOf(this.folded);
    return this.#initials;
  }

  /** Whether `initials` is made. */
  get hasInitials(): boolean {
    return this.#initials !== null;
  }

  /** The record at a position of the joined strings. */
  recordAt(position: number): number {
    let low = 0;
    let high = this.ids.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** One record's part of a joined string. */
  part(joined: string, index: number): string {
    return joined.slice(this.starts[index], this.starts[index + 1]! - 1);
  }
}

interface Candidate {
  segment: Segment;
  index: number;
  exact: boolean;
  updatedAt: number;
}

/** Whether a candidate (`exact`, `updatedAt`) ranks before `b`: exact matches first, then the newest. */
function ranksBefore(exact: boolean, updatedAt: number, b: Candidate): boolean {
  return exact !== b.exact ? exact : updatedAt > b.updatedAt;
}

/** Keeps the best `limit` candidates, best first (most are turned away without being made). */
function offer(
  top: Candidate[],
  limit: number,
  segment: Segment,
  index: number,
  exact: boolean,
  updatedAt: number,
): void {
  if (limit <= 0) return;
  if (top.length >= limit && !ranksBefore(exact, updatedAt, top[top.length - 1]!)) return;
  let at = top.length;
  while (at > 0 && ranksBefore(exact, updatedAt, top[at - 1]!)) at--;
  top.splice(at, 0, { segment, index, exact, updatedAt });
  if (top.length > limit) top.pop();
}

function haystackOf(segment: Segment, probe: Probe): string {
  return probe.on === 'initials' ? segment.initials : segment.folded;
}

/** Marks in `hits` every record of the segment the probe finds, scanning the joined string once. */
function scanSegment(segment: Segment, probe: Probe, hits: Uint8Array, bit: number): void {
  const haystack = haystackOf(segment, probe);
  const starts = segment.starts;
  const needle = 'literal' in probe ? probe.literal : probe.head;
  // Hits come in order: the record of each is found by walking on from the last one's.
  let index = 0;
  let at = haystack.indexOf(needle);
  while (at !== -1) {
    while (starts[index + 1]! <= at) index++;
    if ('literal' in probe || tailFollows(haystack, at + needle.length, probe.tail)) {
      hits[index]! |= bit;
      at = haystack.indexOf(needle, starts[index + 1]);
    } else at = haystack.indexOf(needle, at + 1);
  }
}

function tailFollows(text: string, at: number, tail: RegExp): boolean {
  tail.lastIndex = at;
  return tail.test(text);
}

/** Where the probe finds something in one record's text (and how long it is), or null. */
function findIn(text: string, probe: Probe): { at: number; length: number } | null {
  if ('literal' in probe) {
    const at = text.indexOf(probe.literal);
    return at === -1 ? null : { at, length: probe.literal.length };
  }
  for (let at = text.indexOf(probe.head); at !== -1; at = text.indexOf(probe.head, at + 1)) {
    const end = at + probe.head.length;
    probe.tail.lastIndex = end;
    const tail = probe.tail.exec(text);
    if (tail) return { at, length: probe.head.length + tail[0].length };
  }
  return null;
}

/** Marks in `hits` the records still in the running that the probe finds, one record at a time. */
function checkRecords(
  segment: Segment,
  probe: Probe,
  state: Uint8Array,
  hits: Uint8Array,
  bit: number,
): void {
  const haystack = haystackOf(segment, probe);
  for (let index = 0; index < state.length; index++) {
    if (state[index] && findIn(segment.part(haystack, index), probe)) hits[index]! |= bit;
  }
}

/** Drops a character cut in half at either end of a snippet's part (a surrogate pair). */
function whole(text: string): string {
  return text.replace(/^[\udc00-\udfff]|[\ud800-\udbff]$/g, '');
}

function snippetOf(segment: Segment, index: number, words: QueryWord[]): Snippet {
  const record = segment.part(segment.folded, index);
  // Only the shown fields: a record found by an alias shows its own text, nothing marked.
  const aliases = record.indexOf(ALIAS_BREAK);
  const shownLength = aliases === -1 ? record.length : aliases;
  const folded = record.slice(0, shownLength);
  const initials = segment.part(segment.initials, index).slice(0, shownLength);
  let best: { at: number; length: number } | null = null;
  for (const { probes } of words) {
    for (const probe of probes) {
      const found = findIn(probe.on === 'initials' ? initials : folded, probe);
      if (found && (!best || found.at < best.at)) best = found;
    }
  }
  const text = segment.aligned ? segment.part(segment.shown, index).slice(0, shownLength) : folded;
  const { at, length } = best ?? { at: 0, length: 0 };
  const start = Math.max(0, at - SNIPPET_BEFORE);
  const end = Math.min(text.length, at + length + SNIPPET_AFTER);
  const lines = (part: string) => part.replaceAll(FIELD_BREAK, ' · ');
  return {
    before: (start > 0 ? '…' : '') + lines(whole(text.slice(start, at))),
    match: lines(text.slice(at, at + length)),
    after: lines(whole(text.slice(at + length, end))) + (end < text.length ? '…' : ''),
  };
}

/** Which records of each segment a word was found in (by QueryWord.key). */
type WordHits = Map<string, Map<Segment, Uint8Array>>;

export class SearchIndex {
  #segments: Segment[] = [];
  #where = new Map<string, { segment: Segment; index: number }>();
  /**
   * The last query's words and where they were found: typing goes on at the end of a query, so the words before
   * the last are not looked for again ("병원 예" after "병원 ").
   */
  #wordHits: WordHits = new Map();

  get size(): number {
    return this.#where.size;
  }

  /** Adds records, or replaces those it has (by id). */
  put(records: readonly SearchableRecord[]): void {
    this.#wordHits.clear();
    const touched = new Set<Segment>();
    for (const record of records) {
      const text = recordText(record.fields, record.aliases);
      const place = this.#where.get(record.id);
      if (place) {
        place.segment.replace(place.index, record, text);
        touched.add(place.segment);
        continue;
      }
      let segment = this.#segments.at(-1);
      if (!segment || segment.size >= SEGMENT_RECORDS) {
        segment = new Segment();
        this.#segments.push(segment);
      }
      this.#where.set(record.id, { segment, index: segment.add(record, text) });
      touched.add(segment);
    }
    for (const segment of touched) segment.build();
  }

  remove(ids: readonly string[]): void {
    this.#wordHits.clear();
    const touched = new Set<Segment>();
    for (const id of ids) {
      const place = this.#where.get(id);
      if (!place) continue;
      this.#where.delete(id);
      const moved = place.segment.removeAt(place.index);
      if (moved !== undefined) this.#where.set(moved, place);
      touched.add(place.segment);
    }
    for (const segment of touched) segment.build();
    this.#segments = this.#segments.filter((segment) => segment.size > 0);
  }

  /**
   * Makes the initial consonants of segments that lack them (see Segment.initials) for up to about `budgetMs`;
   * answers whether every segment has them.
   */
  prepareInitials(budgetMs: number): boolean {
    const until = performance.now() + budgetMs;
    for (const segment of this.#segments) {
      if (segment.hasInitials) continue;
      if (performance.now() >= until) return false;
      void segment.initials;
    }
    return true;
  }

  clear(): void {
    this.#wordHits.clear();
    this.#segments = [];
    this.#where.clear();
  }

  search(query: string, options: SearchOptions): SearchResults {
    const words = compileQuery(query);
    const groups: SearchGroup[] = [];
    if (words.length === 0) return { groups, hidden: 0 };
    // The longest words first: they are found in the fewest records, so the others look at fewer.
    const ordered = [...words].sort((a, b) => b.word.length - a.word.length);
    const hidden = new Set(options.hidden.map((module) => moduleIndex.get(module)));
    const totals = SEARCH_MODULES.map(() => 0);
    const tops: Candidate[][] = SEARCH_MODULES.map(() => []);
    const known = this.#wordHits;
    const found: WordHits = new Map(words.map((word) => [word.key, new Map()]));
    for (const segment of this.#segments) {
      const size = segment.size;
      // Per record: 0 out, 1 found (loosely for some word), 3 found exactly for every word so far.
      const state = new Uint8Array(size).fill(EXACT | LOOSE);
      let left = size;
      for (const { key, probes } of ordered) {
        let hits = known.get(key)?.get(segment);
        if (!hits) {
          hits = new Uint8Array(size);
          // With few records left, those are checked one by one: what that finds is not all the word's hits.
          const sparse = left < size * SPARSE_SHARE;
          for (const probe of probes) {
            const bit = probe.exact ? EXACT : LOOSE;
            if (sparse) checkRecords(segment, probe, state, hits, bit);
            else scanSegment(segment, probe, hits, bit);
          }
          if (!sparse) found.get(key)!.set(segment, hits);
        } else found.get(key)!.set(segment, hits);
        left = 0;
        for (let index = 0; index < size; index++) {
          const now = state[index]!;
          const hit = hits[index]!;
          const next =
            now === 0 || hit === 0 ? 0 : now === (EXACT | LOOSE) && hit & EXACT ? EXACT | LOOSE : LOOSE;
          state[index] = next;
          if (next) left++;
        }
        if (left === 0) break;
      }
      if (left === 0) continue;
      for (let index = 0; index < size; index++) {
        const found = state[index]!;
        if (!found) continue;
        const module = segment.modules[index]!;
        totals[module]!++;
        if (hidden.has(module)) continue;
        offer(
          tops[module]!,
          options.limit,
          segment,
          index,
          found === (EXACT | LOOSE),
          segment.updated[index]!,
        );
      }
    }
    this.#wordHits = found;
    let hiddenTotal = 0;
    SEARCH_MODULES.forEach((module, index) => {
      const total = totals[index]!;
      if (total === 0) return;
      if (hidden.has(index)) {
        hiddenTotal += total;
        return;
      }
      groups.push({
        module,
        total,
        results: tops[index]!.map((candidate) => ({
          id: candidate.segment.ids[candidate.index]!,
          snippet: snippetOf(candidate.segment, candidate.index, words),
        })),
      });
    });
    return { groups, hidden: hiddenTotal };
  }
}

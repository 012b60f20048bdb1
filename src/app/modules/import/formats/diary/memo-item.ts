// A diary entry from another app made into a Memo the diary accepts (validateMemo): a title always, every field
// within its length, each cut said so.
import {
  MEMO_BODY_MAX,
  MEMO_TAGS_MAX,
  MEMO_TAG_MAX,
  MEMO_TITLE_MAX,
  type Memo,
} from '../../../../records/memo.js';
import { recordKey, type ImportAttachment, type ImportItem, type Skipped } from '../../plan.js';

export type MemoItem = Extract<ImportItem, { kind: 'memo' }>;

/** How long a title taken from the text's first words may be. */
const TITLE_WORDS_MAX = 60;

/** Cut to a length without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]!) ? max - 1 : max;
  return text.slice(0, end);
}

/** The first words of a text, as a title: whole words up to 60 characters, or the first 60 when one word is longer. */
export function firstWords(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_WORDS_MAX) return line;
  const words = cut(line, TITLE_WORDS_MAX + 1);
  const space = words.lastIndexOf(' ');
  return space > 0 ? words.slice(0, space) : cut(line, TITLE_WORDS_MAX);
}

/**
 * The title an entry's first line of words gives, taken out of the body so it is not said twice: the whole line when
 * it fits a title, else its first sentence when that does; null when even that is longer (the title is then the
 * line's first words, and the body keeps the line whole).
 */
export function leadingTitle(line: string): string | null {
  const words = line.replace(/\s+/g, ' ').trim();
  if (!words) return null;
  if (words.length <= TITLE_WORDS_MAX) return words;
  const sentence = /^.+?[.!?。！？](?=\s|$)/u.exec(words)?.[0];
  return sentence && sentence.length <= TITLE_WORDS_MAX ? sentence : null;
}

export interface EntryDraft {
  date: string;
  title: string;
  body: string;
  tags?: readonly unknown[];
  starred?: boolean;
}

/**
 * The item for an entry: the title the text's first words (or the date) when it has none, as the diary needs one;
 * tags trimmed, each once; `tags` and `starred` left out when empty or false, so an entry without them finds the
 * same one typed here again. Cuts are listed as 'shortened', once per entry.
 */
export function memoItem(
  draft: EntryDraft,
  skipped: Skipped[],
  line: number,
  attachments: ImportAttachment[] = [],
): MemoItem {
  const fallback = firstWords(draft.body) || draft.date;
  const title = draft.title.replace(/[\r\n]+/g, ' ').trim() || fallback;
  const tags = [
    ...new Set(
      (draft.tags ?? [])
        .filter((tag): tag is string => typeof tag === 'string')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const value: Memo = {
    date: draft.date,
    title: cut(title, MEMO_TITLE_MAX),
    body: cut(draft.body, MEMO_BODY_MAX),
  };
  const keptTags = tags.slice(0, MEMO_TAGS_MAX).map((tag) => cut(tag, MEMO_TAG_MAX));
  if (keptTags.length > 0) value.tags = [...new Set(keptTags)];
  if (draft.starred === true) value.starred = true;
  const shortened =
    value.title !== title ||
    value.body !== draft.body ||
    keptTags.length < tags.length ||
    keptTags.some((tag, index) => tag !== tags[index]);
  if (shortened) skipped.push({ reason: 'shortened', what: value.title, line });
  return {
    kind: 'memo',
    value,
    key: recordKey('memo', value),
    line,
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** A name unique among those already given (case and Unicode form aside): 'photo.jpeg', 'photo (2).jpeg'. */
export function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let number = 2; taken.has(candidate.normalize('NFC').toLowerCase()); number += 1) {
    candidate = `${stem} (${number})${extension}`;
  }
  taken.add(candidate.normalize('NFC').toLowerCase());
  return candidate;
}

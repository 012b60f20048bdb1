// A diary entry as kept in the vault (kind 'memo'): its shape, how long its parts may be, and its check.
import { parseIsoDate } from '../calendar/plain-date.js';

export interface Memo {
  date: string;
  title: string;
  body: string;
  /** Left out when there are none (an entry typed here has none; Day One's have theirs). */
  tags?: string[];
  /** Present only when true. */
  starred?: boolean;
}

export const MEMO_TITLE_MAX = 200;
export const MEMO_BODY_MAX = 100_000;
export const MEMO_TAGS_MAX = 50;
export const MEMO_TAG_MAX = 50;

export type MemoProblem = 'date' | 'title' | 'titleTooLong' | 'bodyTooLong' | 'tooManyTags' | 'tagTooLong';

export function validateMemo(memo: Memo): Partial<Record<keyof Memo, MemoProblem>> {
  const problems: Partial<Record<keyof Memo, MemoProblem>> = {};
  if (!parseIsoDate(memo.date)) problems.date = 'date';
  if (!memo.title.trim()) problems.title = 'title';
  else if (memo.title.length > MEMO_TITLE_MAX) problems.title = 'titleTooLong';
  if (memo.body.length > MEMO_BODY_MAX) problems.body = 'bodyTooLong';
  if ((memo.tags?.length ?? 0) > MEMO_TAGS_MAX) problems.tags = 'tooManyTags';
  else if (memo.tags?.some((tag) => tag.length > MEMO_TAG_MAX)) problems.tags = 'tagTooLong';
  return problems;
}

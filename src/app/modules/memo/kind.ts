// The diary's record kind (kind 'memo'), declared once for the registry (modules/kinds.ts).
import { z } from '../../../shared/zod.js';
import { localeOf } from '../../../shared/text.js';
import { formatCalendarDate } from '../../format.js';
import type { ExportAttachment, KindDeclaration } from '../../records/kind.js';
import type { Memo } from '../../records/memo.js';
import { contentKey, isIsoDate, mediumDate, text } from '../../records/values.js';
import type { DocumentMeta } from '../../vault/vault.js';

const memoSchema = z.object({
  date: z.string(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()).optional(),
  starred: z.boolean().optional(),
});

export const memoKind = {
  kind: 'memo',
  screen: 'diary',
  read: (value) => {
    const read = memoSchema.safeParse(value);
    return read.success ? read.data : null;
  },
  search: {
    fields: (memo) => [
      text(memo.title),
      text(memo.body),
      Array.isArray(memo.tags) ? memo.tags.filter((tag) => typeof tag === 'string').join(' ') : '',
    ],
    label: (memo, lang) => ({ title: text(memo.title), meta: mediumDate(memo.date, lang) }),
  },
  conflict: {
    format: (lang) => (path, value) =>
      path === 'date' && isIsoDate(value)
        ? formatCalendarDate(String(value), localeOf(lang), { dateStyle: 'full' })
        : String(value),
  },
  import: {
    key: (memo) => contentKey('memo', memo),
    mayRepeat: false,
    line: (memo, lang) => ({
      tag: formatCalendarDate(memo.date, localeOf(lang)),
      text: memo.title || memo.body.slice(0, 60),
    }),
  },
  export: {
    // Each entry with the documents linked to it (its photos), bytes and all.
    values: async (source) => {
      const memos = source.list<Memo>('memo');
      if (memos.length === 0) return [];
      const documents = source.list<DocumentMeta>('document');
      return Promise.all(
        memos.map(async ({ id, value }) => ({
          id,
          value,
          attachments: await Promise.all(
            documents
              .filter((document) => document.value.linkedTo === id)
              .map(async (document) => ({
                name: document.value.name,
                type: document.value.type,
                bytes: new Uint8Array(
                  await ((await source.readDocument(document.id)) ?? new Blob()).arrayBuffer(),
                ),
              })),
          ),
        })),
      );
    },
  },
} satisfies KindDeclaration<Memo, { id: string; value: Memo; attachments: ExportAttachment[] }>;

// Personal information's record kind (kind 'personal'), declared once for the registry (modules/kinds.ts). A secret
// field (a password, a card, account or ID number) is never given to search.
import { contentKey, isFields, text } from '../../records/values.js';
import type { KindDeclaration } from '../../records/kind.js';
import { fieldsOf, isPersonalKind, readPersonal, type PersonalRecord } from '../../records/personal.js';
import { personalText } from './copy.js';

export const personalKind = {
  kind: 'personal',
  screen: 'personal',
  read: readPersonal,
  search: {
    fields: (record) => {
      const { kind, fields } = record;
      if (!isPersonalKind(kind) || !isFields(fields)) return null;
      return [
        text(record.title),
        ...fieldsOf(kind)
          .filter((field) => !field.secret)
          .map((field) => text(fields[field.key])),
      ];
    },
    label: (record, lang) => ({
      title: text(record.title),
      meta: isPersonalKind(record.kind) ? personalText[lang].kinds[record.kind] : '',
    }),
  },
  conflict: { format: () => (_path, value) => String(value) },
  import: {
    key: (record) => contentKey('personal', record),
    mayRepeat: false,
    line: (record, lang) => ({ tag: personalText[lang].kinds[record.kind], text: record.title }),
  },
  export: {
    values: async (source) => source.list<PersonalRecord>('personal').map(({ value }) => value),
  },
} satisfies KindDeclaration<PersonalRecord, PersonalRecord>;

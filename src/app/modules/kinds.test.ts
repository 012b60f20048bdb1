// The registry of record kinds: every kind the vault keeps is declared once, with every part, and in both languages.
import { describe, expect, it } from 'vitest';
import { RECORD_SCREENS } from '../records/kind.js';
import { ITEM_KINDS } from '../vault/vault.js';
import { syncText } from './sync/copy.js';
import { SEARCH_FIXTURE } from './search/fixtures.js';
import { IMPORT_KINDS, KIND, KINDS, kindOf } from './kinds.js';

const document = {
  name: '여권.pdf',
  type: 'application/pdf',
  size: 2048,
  chunkCount: 1,
  salt: 'c2FsdA==',
  addedAt: 5,
};
const samples = [
  ...SEARCH_FIXTURE.filter((record) => record.kind !== 'settings'),
  { kind: 'document', value: document },
];

describe('the record-kind registry', () => {
  it('declares every kind the vault keeps, once, and nothing else', () => {
    expect(KINDS.map((declaration) => declaration.kind)).toEqual([...ITEM_KINDS]);
    expect(Object.keys(KIND).sort()).toEqual([...ITEM_KINDS].sort());
    for (const kind of ITEM_KINDS) expect(kindOf(kind)?.kind).toBe(kind);
    expect(kindOf('settings')).toBeUndefined();
  });

  it('gives each screen that lists records one kind or more, in search’s order', () => {
    const screens = [...new Set(KINDS.map((declaration) => declaration.screen))];
    expect(screens).toEqual([...RECORD_SCREENS]);
  });

  it('has every kind declare every part', () => {
    for (const declaration of KINDS) {
      expect(typeof declaration.read, declaration.kind).toBe('function');
      expect(typeof declaration.search.fields, declaration.kind).toBe('function');
      expect(typeof declaration.search.label, declaration.kind).toBe('function');
      expect(typeof declaration.conflict.format, declaration.kind).toBe('function');
      // Import and export are declared either way: null is "none", said on purpose.
      expect(declaration.import, declaration.kind).not.toBeUndefined();
      expect(declaration.export, declaration.kind).not.toBeUndefined();
      if (declaration.import) {
        expect(typeof declaration.import.key).toBe('function');
        expect(typeof declaration.import.line).toBe('function');
        expect(typeof declaration.import.mayRepeat).toBe('boolean');
      }
      if (declaration.export) expect(typeof declaration.export.values).toBe('function');
    }
  });

  it('lets import add exactly the kinds that declare how an import meets them', () => {
    const importable = KINDS.filter((declaration) => declaration.import !== null).map(({ kind }) => kind);
    expect([...IMPORT_KINDS].sort()).toEqual(importable.sort());
  });

  it('names each kind in the conflict list in Korean and English', () => {
    for (const { kind } of KINDS) {
      for (const lang of ['ko', 'en'] as const) {
        const name = (syncText[lang].conflicts.kinds as Record<string, string>)[kind];
        expect(name, `${lang} ${kind}`).toBeTruthy();
      }
    }
    expect(syncText.ko.conflicts.kinds.ledger).not.toBe(syncText.en.conflicts.kinds.ledger);
  });

  it('reads each kind’s records with its schema, and refuses what has another shape', () => {
    for (const { kind, value } of samples) {
      const declaration = kindOf(kind)!;
      expect(declaration.read(value), kind).not.toBeNull();
      expect(declaration.read({ nothing: 'of it' }), kind).toBeNull();
      expect(declaration.read('a string'), kind).toBeNull();
    }
    // Every kind has a sample: a new kind needs one here.
    expect(new Set(samples.map((sample) => sample.kind))).toEqual(new Set(ITEM_KINDS));
  });

  it('names, searches and writes each kind’s records in both languages', () => {
    for (const { kind, value } of samples) {
      const declaration = kindOf(kind)!;
      const fields = declaration.search.fields(value);
      expect(fields, kind).not.toBeNull();
      expect(fields!.some(Boolean), kind).toBe(true);
      for (const lang of ['ko', 'en'] as const) {
        const label = declaration.search.label(value, lang);
        expect(label.title, `${kind} ${lang}`).toBeTruthy();
        const format = declaration.conflict.format(lang);
        expect(typeof format('title', 'x', value)).toBe('string');
        if (declaration.import) {
          const read = declaration.read(value)!;
          const line = declaration.import.line(read, lang);
          expect(line.tag, `${kind} ${lang}`).toBeTruthy();
          expect(declaration.import.key(read)).toBe(declaration.import.key(structuredClone(read)));
        }
      }
    }
    // Korean and English differ where the kind writes words of its own (a ledger's category under the merchant, a
    // kind of personal info); the member's own words (the merchant) read the same in both.
    const ledger = samples.find((sample) => sample.kind === 'ledger')!.value;
    const [ko, en] = [KIND.ledger.search.label(ledger, 'ko'), KIND.ledger.search.label(ledger, 'en')];
    expect(ko.title).toBe(en.title);
    expect(ko.meta).not.toBe(en.meta);
  });
});

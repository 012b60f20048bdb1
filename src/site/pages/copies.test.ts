// Every page's copy has the same keys and list lengths in both languages (also enforced by its type) and no
// empty text.
import { describe, expect, it } from 'vitest';

const modules = import.meta.glob<{ copy: { ko: unknown; en: unknown } }>('./*/copy.ts', { eager: true });

function shape(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string' || typeof node === 'number') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    shape(value, prefix ? `${prefix}.${key}` : key),
  );
}

function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (typeof node !== 'object' || node === null) return [];
  return Object.values(node).flatMap(texts);
}

describe('page copy', () => {
  it('exists for every content page', () => {
    expect(Object.keys(modules).sort()).toEqual(
      [
        './admin/copy.ts',
        './download/copy.ts',
        './features/copy.ts',
        './fortune/copy.ts',
        './how-to-use/copy.ts',
        './privacy/copy.ts',
        './security/copy.ts',
        './support/copy.ts',
        './terms/copy.ts',
      ].sort(),
    );
  });

  for (const [file, { copy }] of Object.entries(modules)) {
    it(`${file}: same keys in Korean and English, none empty, a title and description`, () => {
      expect(shape(copy.en)).toEqual(shape(copy.ko));
      for (const text of [...texts(copy.ko), ...texts(copy.en)]) expect(text.trim()).not.toBe('');
      for (const lang of ['ko', 'en'] as const) {
        const meta = (copy[lang] as { meta: { title: string; description: string } }).meta;
        expect(meta.title).toMatch(/MyGenie/);
        expect(meta.description.length).toBeGreaterThan(40);
      }
      // Korean text is Korean: most strings contain Hangul.
      const korean = texts(copy.ko);
      expect(korean.filter((text) => /[가-힣]/.test(text)).length / korean.length).toBeGreaterThan(0.8);
    });
  }
});

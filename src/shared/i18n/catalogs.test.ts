import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.js';
import { fill, textAt } from '../text.js';
import { catalog } from './index.js';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('catalog', () => {
  it('has the same keys in Korean and English, none empty', () => {
    expect(keys(catalog.en).sort()).toEqual(keys(catalog.ko).sort());
    for (const lang of ['ko', 'en'] as const) {
      for (const key of keys(catalog[lang]))
        expect(textAt(catalog[lang], key).trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('names every API error code in both languages', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(textAt(catalog.ko, `errors.${code}`)).not.toBe(`errors.${code}`);
      expect(textAt(catalog.en, `errors.${code}`)).not.toBe(`errors.${code}`);
    }
  });

  it('fills placeholders; a path that leads to no text gives the fallback or the path', () => {
    expect(fill(catalog.en.home.welcome, { name: 'jane' })).toBe('Welcome, jane!');
    expect(fill(catalog.ko.home.welcome, { name: 'jane' })).toBe('jane님, 환영합니다!');
    expect(fill('{{a}} and {{b}}', { a: 1 })).toBe('1 and ');
    expect(fill('{{constructor}}', {})).toBe('');
    expect(textAt(catalog.ko, 'no.such.key')).toBe('no.such.key');
    expect(textAt(catalog.ko, 'devices.names.Toaster', 'Toaster')).toBe('Toaster');
    expect(textAt(catalog.ko, 'home')).toBe('home');
  });

  it('keeps the description wording for its messages', () => {
    expect(catalog.en.auth.masterKeyNotSet).toBe(
      'Master key is not set. Please set up your master key in the MyGenie app first.',
    );
    expect(catalog.en.home.loginFirst).toBe('Please login first to use MyGenie.');
    expect(catalog.en.banner.dontShow24h).toBe("Don't show for 24 hours");
  });
});

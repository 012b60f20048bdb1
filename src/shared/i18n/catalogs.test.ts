import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors.js';
import { catalogs, translate } from './index.js';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node === 'string') return [prefix];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    keys(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('catalogs', () => {
  it('have the same keys in Korean and English, none empty', () => {
    expect(keys(catalogs.en).sort()).toEqual(keys(catalogs.ko).sort());
    for (const lang of ['ko', 'en'] as const) {
      for (const key of keys(catalogs[lang]))
        expect(translate(lang, key).trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('name every API error code in both languages', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(translate('ko', `errors.${code}`)).not.toBe(`errors.${code}`);
      expect(translate('en', `errors.${code}`)).not.toBe(`errors.${code}`);
    }
  });

  it('fill placeholders and show a missing key as the key', () => {
    expect(translate('en', 'home.welcome', { name: 'jane' })).toBe('Welcome, jane!');
    expect(translate('ko', 'home.welcome', { name: 'jane' })).toBe('jane님, 환영합니다!');
    expect(translate('ko', 'no.such.key')).toBe('no.such.key');
  });

  it('keep the description wording for its messages', () => {
    expect(translate('en', 'auth.masterKeyNotSet')).toBe(
      'Master key is not set. Please set up your master key in the MyGenie app first.',
    );
    expect(translate('en', 'home.loginFirst')).toBe('Please login first to use MyGenie.');
    expect(translate('en', 'banner.dontShow24h')).toBe("Don't show for 24 hours");
  });
});

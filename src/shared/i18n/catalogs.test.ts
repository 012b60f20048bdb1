import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPACE_MEMBERS_MAX, SPACES_PER_MEMBER_MAX } from '../constants.js';
import { ERROR_CODES, isAppErrorCode, type ErrorCode } from '../errors.js';
import { fill, textAt } from '../text.js';
import { en as appErrorsEn } from './app-errors/en.js';
import { ko as appErrorsKo } from './app-errors/ko.js';
import { errorMessage } from './error-message.js';
import { catalog, siteErrorMessage, type Catalog } from './index.js';

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

  it('is made of its sections, every words/ module one of them or a part of one, in both languages', async () => {
    const dir = path.join(import.meta.dirname, 'words');
    const modules = fs.readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    // A part (auth-account.ts) holds some of a section's keys for an island that shows only those.
    const parts = modules.filter(
      (file) => file.includes('-') && modules.includes(`${file.split('-')[0]}.ts`),
    );
    expect(modules.length - parts.length).toBe(Object.keys(catalog.ko).length);
    for (const file of modules) {
      const { words } = (await import(`./words/${file.replace(/\.ts$/, '.js')}`)) as {
        words: Record<'ko' | 'en', Record<string, unknown>>;
      };
      for (const lang of ['ko', 'en'] as const) {
        if (!parts.includes(file)) {
          expect(Object.values(catalog[lang]), file).toContain(words[lang]);
          continue;
        }
        const section = catalog[lang][file.split('-')[0] as keyof Catalog] as Record<string, unknown>;
        for (const [key, value] of Object.entries(words[lang]))
          expect(section[key], `${file} ${key}`).toBe(value);
      }
    }
  });

  it('names every API error code in both languages', () => {
    for (const code of [...(Object.keys(ERROR_CODES) as ErrorCode[]), 'network' as const]) {
      expect(errorMessage('ko', code), code).toMatch(/\p{Script=Hangul}/u);
      expect(errorMessage('en', code), code).toMatch(/^[^\p{Script=Hangul}]+$/u);
    }
  });

  it("keeps the app's error messages out of the catalog the site's pages load, the same codes in both languages", () => {
    const site = Object.keys(catalog.ko.errors);
    const app = Object.keys(appErrorsKo);
    expect(Object.keys(appErrorsEn).sort()).toEqual([...app].sort());
    expect(site.filter((code) => isAppErrorCode(code))).toEqual([]);
    expect(app.filter((code) => !isAppErrorCode(code))).toEqual([]);
    expect([...site, ...app].sort()).toEqual([...Object.keys(ERROR_CODES), 'network'].sort());
    for (const lang of ['ko', 'en'] as const) {
      expect(errorMessage(lang, 'space/full')).toContain(String(SPACE_MEMBERS_MAX));
      expect(errorMessage(lang, 'space/too-many-spaces')).toContain(String(SPACES_PER_MEMBER_MAX));
    }
    // A site page would never be answered with one; if it were, it reads as the unknown error, not as a key.
    expect(siteErrorMessage(catalog.en.errors, 'space/not-found')).toBe(catalog.en.errors['server/internal']);
    expect(siteErrorMessage(catalog.ko.errors, 'banner/changed')).toBe(catalog.ko.errors['banner/changed']);
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

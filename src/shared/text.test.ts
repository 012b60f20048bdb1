import { describe, expect, it } from 'vitest';
import { BROWSERS, browserDeviceName, SYSTEMS } from './device.js';
import { hasInvisibleCharacters, isValidEmail } from './email.js';
import { isShownName } from './text.js';

describe('names shown to a member', () => {
  it.each([
    ['Hangul filler', '\u3164'],
    ['Hangul filler after a name', 'Laptop\u3164'],
    ['Hangul choseong and jungseong fillers', '\u115F\u1160'],
    ['halfwidth Hangul filler', '\uFFA0'],
    ['braille blank', '\u2800'],
    ['combining grapheme joiner', 'a\u034Fb'],
    ['Mongolian free variation selector', '\u180B'],
    ['Mongolian vowel separator', 'a\u180Eb'],
    ['Khmer inherent vowels', '\u17B4\u17B5'],
    ['zero-width space', 'zero\u200Bwidth'],
    ['zero-width joiner', 'a\u200Db'],
    ['word joiner', 'a\u2060b'],
    ['byte order mark', '\uFEFFa'],
    ['soft hyphen', 'soft\u00ADhyphen'],
    ['right-to-left override', 'abc\u202Egnp.exe'],
    ['first strong isolate', 'a\u2068b'],
    ['Arabic letter mark', 'a\u061Cb'],
    ['reserved default-ignorable', 'a\u2065b'],
    ['noncharacter-adjacent ignorable', 'a\uFFF0b'],
    ['tag characters', 'a\u{E0041}\u{E007F}'],
    ['unassigned ignorable plane-14 character', 'a\u{E0080}'],
    ['no-break space', 'My\u00A0Laptop'],
    ['ideographic space', 'My\u3000Laptop'],
    ['line separator', 'a\u2028b'],
    ['tab', 'a\tb'],
    ['line break', 'a\nb'],
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\uD800b'],
    ['63 stacked marks', `a${'\u0301'.repeat(63)}`],
    ['five stacked marks', `a${'\u0301\u0302\u0303\u0304\u0305'}`],
    ['five marks once decomposed', `\u1EC7${'\u0300\u0301\u0302'}`],
    ['a leading combining mark', '\u0301a'],
  ])('refuses a name with a %s', (_what, name) => {
    expect(isShownName(name)).toBe(false);
  });

  it.each([
    '내 노트북',
    '내 노트북'.normalize('NFD'),
    '\u1102\u1162 \u1102\u1169\u1110\u1173\u1107\u116E\u11A8',
    "Zoë's iPad",
    "Zoë's iPad".normalize('NFD'),
    '📱 Phone',
    '❤️ Home',
    '👍🏽 Work',
    '1️⃣ First',
    'Tiếng Việt',
    'Ｆｕｌｌ ｗｉｄｔｈ',
    'Firefox – Ubuntu',
    'हिन्दी',
    'ภาษาไทย',
    '日本語のノート',
    `a${'\u0301\u0302\u0303\u0304'}`,
  ])('takes %s', (name) => {
    expect(isShownName(name)).toBe(true);
  });

  it('takes every name the app gives a device by itself, in both languages', () => {
    for (const browser of BROWSERS) {
      for (const system of SYSTEMS) {
        for (const lang of ['ko', 'en'] as const) {
          const name = browserDeviceName({ browser, system }, lang);
          expect(isShownName(name), name).toBe(true);
        }
      }
    }
  });

  it('is the e-mail rule: what it refuses in an address, it refuses in a name', () => {
    for (const invisible of [
      '\u3164',
      '\u115F',
      '\u1160',
      '\u2800',
      '\u034F',
      '\u180B',
      '\u17B4',
      '\u2065',
    ]) {
      expect(hasInvisibleCharacters(`a${invisible}b`)).toBe(true);
      expect(isValidEmail(`me${invisible}@example.com`)).toBe(false);
      expect(isShownName(`a${invisible}b`)).toBe(false);
    }
    // Variation selectors choose an emoji's look: not invisible.
    expect(hasInvisibleCharacters('❤️')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { hasOddGap, normalize, queryWords, tidyText } from './normalize.js';

describe('normalize', () => {
  it('composes decomposed Hangul, so both forms of 김민수 read the same', () => {
    const decomposed = '김민수'.normalize('NFD');
    expect(decomposed).not.toBe('김민수');
    expect(normalize(decomposed)).toBe('김민수');
    expect(normalize('김민수')).toBe(normalize(decomposed));
  });

  it('composes decomposed Latin accents too', () => {
    expect(normalize('Cafe\u0301 Ame\u0301lie')).toBe('café amélie');
  });

  it('lower-cases without a locale, English and others', () => {
    expect(normalize('Starbucks GANGNAM')).toBe('starbucks gangnam');
    expect(normalize('ÉCOLE Ωmega')).toBe('école ωmega');
    // A Turkish dotted capital I lower-cases the same everywhere (i + combining dot), never to a dotless ı.
    expect(normalize('İ')).toBe('i\u0307');
  });

  it('makes every run of spaces, breaks, tabs and invisible marks one space, and trims', () => {
    expect(normalize('  서울\t\t에서\n\n점심  ')).toBe('서울 에서 점심');
    expect(normalize('a\u3000b\u00a0c\u200bd\u0000e')).toBe('a b c d e');
  });

  it('keeps the case in tidyText, for what a snippet shows', () => {
    expect(tidyText('  Meeting   in\nSeoul ')).toBe('Meeting in Seoul');
    expect(normalize('  Meeting   in\nSeoul ')).toBe(tidyText('  Meeting   in\nSeoul ').toLowerCase());
  });
});

describe('hasOddGap', () => {
  // What it stands in for: any character the gaps' expression matches, or two spaces.
  const oddGap = /[^\S ]|[\p{Cc}\u00ad\u200b\u2060]| {2}/u;

  it('agrees with the expression on every character of the Basic Multilingual Plane, alone and beside others', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      for (const text of [char, `a${char}b`, `가 ${char}`]) {
        if (hasOddGap(text) !== oddGap.test(text))
          throw new Error(`U+${code.toString(16)} in ${JSON.stringify(text)}`);
      }
    }
  });

  it('finds two spaces anywhere and lets single spaces be', () => {
    expect(hasOddGap('서울 에서 점심')).toBe(false);
    expect(hasOddGap('서울  에서')).toBe(true);
    expect(hasOddGap('end  ')).toBe(true);
    expect(hasOddGap(' ')).toBe(false);
    expect(hasOddGap('')).toBe(false);
  });
});

describe('queryWords', () => {
  it('splits a normalised query at spaces', () => {
    expect(queryWords('  서울   Gangnam ')).toEqual(['서울', 'gangnam']);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords('김민수'.normalize('NFD'))).toEqual(['김민수']);
  });
});

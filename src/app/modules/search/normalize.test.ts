import { describe, expect, it } from 'vitest';
import { normalize, queryWords, tidyText } from './normalize.js';

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

describe('queryWords', () => {
  it('splits a normalised query at spaces', () => {
    expect(queryWords('  서울   Gangnam ')).toEqual(['서울', 'gangnam']);
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords('김민수'.normalize('NFD'))).toEqual(['김민수']);
  });
});

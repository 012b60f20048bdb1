import { getChoseong } from 'es-hangul';
import { describe, expect, it } from 'vitest';
import { composingTail, initialsCode, initialsOf, initialsText, isInitialsWord } from './hangul.js';

describe('initial consonants', () => {
  it('are es-hangul getChoseong for Hangul, one character for each of the text', () => {
    for (const text of ['김민수', '스타벅스강남점', '서울에서 점심', '띄어 쓰기']) {
      const initials = initialsOf(text);
      expect(initials).toHaveLength(text.length);
      expect(initialsText(initials)).toBe(getChoseong(text));
    }
  });

  it('keep lone consonants, and make anything else a space so words stay apart', () => {
    expect(initialsText(initialsOf('ㅋㅋ 김A민'))).toBe('ㅋㅋ ㄱ ㅁ');
    expect(initialsText(initialsOf('abc 123'))).toBe('       ');
    // A lone vowel or a double final is no initial consonant.
    expect(initialsText(initialsOf('ㅏㄳ'))).toBe('  ');
  });

  it('tell a word of initial consonants and write it in the same code', () => {
    expect(isInitialsWord('ㄱㅁㅅ')).toBe(true);
    expect(isInitialsWord('ㄲㅆ')).toBe(true);
    expect(isInitialsWord('ㄱㅏ')).toBe(false);
    expect(isInitialsWord('ㄳ')).toBe(false);
    expect(isInitialsWord('김')).toBe(false);
    expect(isInitialsWord('')).toBe(false);
    expect(initialsOf('김민수')).toBe(initialsCode('ㄱㅁㅅ'));
  });
});

describe('a syllable still being composed', () => {
  const matches = (word: string, text: string) => {
    const { head, tail } = composingTail(word)!;
    return new RegExp(head.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&') + tail).test(text);
  };

  it('matches what a lone last consonant may become', () => {
    expect(matches('김민ㅅ', '김민수')).toBe(true);
    expect(matches('김민ㅅ', '김민지')).toBe(false);
    expect(composingTail('ㅅ')).toBeNull();
    expect(composingTail('김민ㅅ')?.head).toBe('김민');
  });

  it('matches a syllable without a final growing one, or its vowel growing', () => {
    expect(matches('서우', '서울에서')).toBe(true);
    expect(matches('서', '석촌')).toBe(true);
    expect(matches('고', '과자')).toBe(true);
    expect(matches('서우', '서이')).toBe(false);
  });

  it('matches a final consonant moving on to begin the next syllable', () => {
    // 서울: ㅅ → 서 → 성 → 서우 → 서울 as it is typed.
    expect(matches('성', '서울')).toBe(true);
    expect(matches('성', '성수동')).toBe(true);
    expect(matches('강남', '스타벅스강남점')).toBe(true);
    expect(matches('갈', '갉아')).toBe(true);
    // A double final splits: 닭 on the way to 달걀.
    expect(matches('닭', '달걀')).toBe(true);
    expect(matches('성', '서버')).toBe(false);
  });

  it('leaves a word that does not end in Hangul alone', () => {
    expect(composingTail('seoul')).toBeNull();
    expect(composingTail('서울1')).toBeNull();
  });
});

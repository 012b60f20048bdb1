// A query made ready for matching: its words, each with the ways it may be found in a record. A word matches
// when any of its probes does, and a record matches when every word does:
//  - the word itself, a substring of the record's text ("서울" finds "서울에서", "강남" finds "스타벅스강남점");
//  - a word of initial consonants only, in the record's initial consonants ("ㄱㅁㅅ" finds "김민수");
//  - Latin letters that spell Hangul when typed on a Korean keyboard left in English mode ("rlaalstn" → 김민수);
//  - the last word while the keyboard may still be composing its last syllable ("서우" finds "서울"), unless
//    it is a single syllable.
// Probes other than the word itself are "loose": a record found only through them ranks below exact ones.
import { convertQwertyToHangul } from 'es-hangul';
import { composingTail, initialsCode, isInitialsWord } from './hangul.js';
import { queryWords } from '../../normalize.js';

/** Longer queries are cut: nobody types more, and every word costs a pass over the vault. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_WORDS = 8;

export type Probe =
  | { on: 'text' | 'initials'; literal: string; exact: boolean }
  /** `head` as it is, then `tail` (a sticky pattern) right after it. */
  | { on: 'text'; head: string; tail: RegExp; exact: false };

export interface QueryWord {
  /** The word as typed, normalised. */
  word: string;
  /** The same for two words with the same probes (the word, and whether it may still be composed). */
  key: string;
  probes: Probe[];
}

/** Complete syllables, and at most one lone consonant still being composed after them. */
const SPELLS_HANGUL = /^[가-힣]+[ㄱ-ㅎ]?$/;

/** What `word` spells on a Korean keyboard typed in English mode, when that is Hangul; else null. */
export function hangulFromQwerty(word: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const hangul = convertQwertyToHangul(word);
  return SPELLS_HANGUL.test(hangul) ? hangul : null;
}

/**
 * The probe for a last syllable still being composed. Not for a word of one syllable: its head would be empty,
 * and a pattern with nothing fixed to look for first costs a whole pass of the vault character by character — the
 * next key makes a head anyway.
 */
function composing(word: string): Probe | null {
  const found = composingTail(word);
  return found === null || found.head === ''
    ? null
    : { on: 'text', head: found.head, tail: new RegExp(found.tail, 'y'), exact: false };
}

/**
 * The query's words and their probes; empty when it has none. `composingLast`: the last word may still be
 * composed (the query does not end with a space).
 */
export function compileQuery(query: string): QueryWord[] {
  const cut = query.slice(0, MAX_QUERY_LENGTH);
  const words = [...new Set(queryWords(cut))].slice(0, MAX_QUERY_WORDS);
  const composingLast = !/\s$/.test(cut);
  return words.map((word, index) => {
    const last = composingLast && index === words.length - 1;
    const probes: Probe[] = [{ on: 'text', literal: word, exact: true }];
    if (isInitialsWord(word)) probes.push({ on: 'initials', literal: initialsCode(word), exact: true });
    const hangul = hangulFromQwerty(word);
    if (hangul) probes.push({ on: 'text', literal: hangul, exact: false });
    if (last) {
      for (const typed of hangul ? [word, hangul] : [word]) {
        const probe = composing(typed);
        if (probe) probes.push(probe);
      }
    }
    return { word, key: `${last ? '~' : '='}${word}`, probes };
  });
}

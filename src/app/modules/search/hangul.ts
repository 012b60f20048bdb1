// What Korean typing needs of search beyond plain substrings: the initial consonants of a text (초성, "ㄱㅁㅅ"
// finds 김민수), and the last syllable of a query still being composed by the keyboard ("서우" on the way to
// "서울", "김민ㅅ" on the way to "김민수") matching what it may yet become.

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** Syllables per initial consonant (21 vowels × 28 finals), and per initial and vowel (28 finals). */
const PER_INITIAL = 588;
const PER_VOWEL = 28;

/** The 19 initial consonants in Unicode's order, as compatibility jamo (what a keyboard types alone). */
export const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';

/** The 27 final consonants in Unicode's order (index 0 is "none"). */
const FINALS = ['', ...'ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ'];

/** A double final's two parts (final index → [first part's final index, second part's consonant]). */
const SPLIT_FINALS: Record<number, [number, string]> = {
  3: [1, 'ㅅ'],
  5: [4, 'ㅈ'],
  6: [4, 'ㅎ'],
  9: [8, 'ㄱ'],
  10: [8, 'ㅁ'],
  11: [8, 'ㅂ'],
  12: [8, 'ㅅ'],
  13: [8, 'ㅌ'],
  14: [8, 'ㅍ'],
  15: [8, 'ㅎ'],
  18: [17, 'ㅅ'],
};

/** The finals a final may still grow into with one more consonant (ㄹ → ㄺ, ㄻ …). */
const GROWING_FINALS: Record<number, number[]> = {
  1: [3],
  4: [5, 6],
  8: [9, 10, 11, 12, 13, 14, 15],
  17: [18],
};

/** The vowels a vowel may still grow into with one more key (ㅗ → ㅘ ㅙ ㅚ, ㅜ → ㅝ ㅞ ㅟ, ㅡ → ㅢ). */
const GROWING_VOWELS: Record<number, number[]> = { 8: [9, 10, 11], 13: [14, 15, 16], 18: [19] };

/** Initial consonants are kept one byte each ('A' for ㄱ … 'S' for ㅎ), so their copy of a text stays small. */
const CODE_A = 0x41;
const SPACE = 0x20;

function initialIndex(char: string): number {
  return char.length === 1 ? INITIALS.indexOf(char) : -1;
}

/** Each UTF-16 code unit's initial consonant in the one-byte code, else a space. */
const INITIAL_OF = (() => {
  const table = new Uint8Array(0x10000).fill(SPACE);
  for (let code = SYLLABLE_FIRST; code <= SYLLABLE_LAST; code++) {
    table[code] = CODE_A + (((code - SYLLABLE_FIRST) / PER_INITIAL) | 0);
  }
  [...INITIALS].forEach((consonant, index) => {
    table[consonant.charCodeAt(0)] = CODE_A + index;
  });
  return table;
})();

/**
 * The initial consonants of `text`, one character for each of its characters (so a position in one is the same
 * position in the other): a syllable's initial consonant, a lone consonant as itself, anything else a space.
 * Written in the one-byte code of `initialsCode`; for Hangul this is es-hangul's getChoseong, position for
 * position.
 */
export function initialsOf(text: string): string {
  const bytes = new Uint8Array(text.length);
  for (let at = 0; at < text.length; at++) bytes[at] = INITIAL_OF[text.charCodeAt(at)]!;
  return latin1.decode(bytes);
}

const latin1 = new TextDecoder('latin1');

/** Whether a query word is made only of initial consonants ("ㄱㅁㅅ"). */
export function isInitialsWord(word: string): boolean {
  if (word.length === 0) return false;
  for (const char of word) if (initialIndex(char) < 0) return false;
  return true;
}

/** A word of initial consonants in the code `initialsOf` writes ("ㄱㅁㅅ" → "AGJ"). */
export function initialsCode(word: string): string {
  let code = '';
  for (const char of word) code += String.fromCharCode(CODE_A + initialIndex(char));
  return code;
}

/** Reads `initialsOf`'s code back as consonants (spaces stay spaces): for tests and for people reading one. */
export function initialsText(code: string): string {
  let text = '';
  for (let at = 0; at < code.length; at++) {
    const index = code.charCodeAt(at) - CODE_A;
    text += index >= 0 && index < INITIALS.length ? INITIALS[index] : ' ';
  }
  return text;
}

function hex(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A character class range of syllables, `first` to `first + count - 1`. */
function range(first: number, count: number): string {
  return `${hex(first)}-${hex(first + count - 1)}`;
}

/** Every syllable beginning with the initial consonant `index`. */
function syllablesOfInitial(index: number): string {
  return range(SYLLABLE_FIRST + index * PER_INITIAL, PER_INITIAL);
}

/**
 * How `word` may go on while the keyboard still composes its last character: the word without it (`head`), then a
 * pattern (`tail`) for that character as it is or as it may grow with the next keys — a lone consonant into a
 * syllable it begins, a syllable into one with a final consonant or a grown vowel, and a final consonant moving on
 * to begin the next syllable ("성" is on the way to "서울"). Null when the last character is not Hangul, or the
 * word is one lone consonant (initial consonants cover it).
 */
export function composingTail(word: string): { head: string; tail: string } | null {
  const last = word.at(-1);
  if (!last) return null;
  const head = word.slice(0, -1);
  const code = last.charCodeAt(0);
  const consonant = initialIndex(last);
  if (consonant >= 0) {
    return head === '' ? null : { head, tail: `[${hex(code)}${syllablesOfInitial(consonant)}]` };
  }
  if (code < SYLLABLE_FIRST || code > SYLLABLE_LAST) return null;
  const offset = code - SYLLABLE_FIRST;
  const initial = (offset / PER_INITIAL) | 0;
  const vowel = ((offset % PER_INITIAL) / PER_VOWEL) | 0;
  const final = offset % PER_VOWEL;
  const base = (vowelIndex: number) => SYLLABLE_FIRST + initial * PER_INITIAL + vowelIndex * PER_VOWEL;
  if (final === 0) {
    // Any final may follow, and the vowel may grow.
    const classes = [vowel, ...(GROWING_VOWELS[vowel] ?? [])].map((index) => range(base(index), PER_VOWEL));
    return { head, tail: `[${classes.join('')}]` };
  }
  const grown = [final, ...(GROWING_FINALS[final] ?? [])].map((index) => hex(base(vowel) + index));
  const alternatives = [`[${grown.join('')}]`];
  // The final consonant (or a double final's second part) may begin the next syllable instead.
  const [kept, moving] = SPLIT_FINALS[final] ?? [0, FINALS[final]!];
  const moved = initialIndex(moving);
  if (moved >= 0) alternatives.push(`${hex(base(vowel) + kept)}[${syllablesOfInitial(moved)}]`);
  return { head, tail: `(?:${alternatives.join('|')})` };
}

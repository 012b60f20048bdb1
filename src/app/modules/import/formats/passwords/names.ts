// A person's name between one field (the vault's identity) and a password manager's first, middle and last name.
// A Korean name is written family name first and without spaces (홍길동), every other name first name first.

const HANGUL_ONLY = /^[\uAC00-\uD7A3]+$/;
const COMPOUND_SURNAMES = ['남궁', '황보', '제갈', '사공', '선우', '서문', '독고', '동방'];

/** One name from its parts: 홍 + 길동 is 홍길동, John + Smith is John Smith. */
export function joinName(first: string, middle: string, last: string): string {
  const parts = [first, middle, last].map((part) => part.trim());
  const [given, between, family] = parts as [string, string, string];
  if (given && family && [given, between, family].every((part) => !part || HANGUL_ONLY.test(part))) {
    return `${family}${between}${given}`;
  }
  return parts.filter(Boolean).join(' ');
}

/**
 * The parts a name is written back as, so that `joinName` gives the same name again: a Korean name is split after
 * its family name (one syllable, or a two-syllable one such as 남궁); any other is kept whole as the first name,
 * since where a family name starts cannot be told from the text.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  if (HANGUL_ONLY.test(name) && name.length >= 2) {
    const family = name.length >= 3 && COMPOUND_SURNAMES.includes(name.slice(0, 2)) ? 2 : 1;
    return { lastName: name.slice(0, family), firstName: name.slice(family) };
  }
  return { firstName: name, lastName: '' };
}

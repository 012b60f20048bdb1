// Refuses the passwords that attackers try first: those of leaked-password lists and their trivial variants.
// The list is zxcvbn-ts's "passwords-common" (49,233 entries, most common first, all lower case, no spaces),
// read as plain JSON. It is loaded on the first check, not at start: that check takes 55–100 ms more and the
// list then holds about 2.5 MB of heap (measured on Node 20, 2 cores); each later check takes about 1 µs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const LIST = '@zxcvbn-ts/language-common/src/passwords.json';

/** A list entry followed by these is still that entry to anyone guessing: `password123`, `iloveyou!`. */
const GUESSABLE_SUFFIX = /[\d!@#$%^&*.?]+$/u;

/** The whole password is one short block said again and again: `aaaaaaaa`, `abababab`, `qwerqwer`, `12341234`. */
const REPEATED_BLOCK = /^(.{1,4})\1+$/u;

let commonPasswords: Set<string> | undefined;

function commonPasswordList(): Set<string> {
  if (commonPasswords) return commonPasswords;
  // Parsed here rather than require()d, so that Node's module cache does not keep a second copy of the list.
  const entries: unknown = JSON.parse(readFileSync(createRequire(import.meta.url).resolve(LIST), 'utf8'));
  if (!Array.isArray(entries) || !entries.every((entry) => typeof entry === 'string')) {
    throw new Error(`${LIST} is not a list of passwords: has the package changed its layout?`);
  }
  commonPasswords = new Set(entries.map(comparable));
  return commonPasswords;
}

/** How the password compares: fullwidth `ＰＡＳＳＷＯＲＤ` and `Password ` are `password`. */
function comparable(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

/** `12345678`, `87654321`, `abcdefgh`: every character one step from the one before, in the same direction. */
function isRun(password: string): boolean {
  if (!/^(?:\d+|[a-z]+)$/u.test(password) || password.length < 3) return false;
  const step = password.charCodeAt(1) - password.charCodeAt(0);
  if (step !== 1 && step !== -1) return false;
  for (let index = 2; index < password.length; index++) {
    if (password.charCodeAt(index) - password.charCodeAt(index - 1) !== step) return false;
  }
  return true;
}

export function isCommonPassword(password: string): boolean {
  const candidate = comparable(password);
  if (candidate.length === 0) return false;
  const list = commonPasswordList();
  if (list.has(candidate)) return true;
  const stem = candidate.replace(GUESSABLE_SUFFIX, '');
  if (stem !== candidate && list.has(stem)) return true;
  return REPEATED_BLOCK.test(candidate) || isRun(candidate);
}

/**
 * Words of our own context that a guesser tries first (ASVS 6.1.2): the product's names. A password that is one
 * of them (or the member's own address, or its name part) give or take digits and symbols, or that holds the
 * product's name, is refused like a common one.
 */
export const CONTEXT_WORDS = ['mygenie', 'my genie', '마이지니', 'genie', '지니'] as const;
const PRODUCT_NAMES = ['mygenie', '마이지니'];

export function isContextPassword(password: string, email?: string): boolean {
  const candidate = comparable(password);
  const bare = candidate.replace(/[\d\s!@#$%^&*.?_-]+/gu, '');
  if (PRODUCT_NAMES.some((name) => candidate.replace(/\s+/gu, '').includes(name))) return true;
  const own = email
    ? [
        comparable(email),
        comparable(email)
          .split('@')[0]!
          .replace(/[\d._+-]+/gu, ''),
      ]
    : [];
  return [...CONTEXT_WORDS.map((word) => word.replace(/\s+/gu, '')), ...own].some(
    (word) => word.length > 0 && (bare === word || candidate === word),
  );
}

/** How many passwords the list holds, so a change of the package that empties it is noticed. */
export function commonPasswordCount(): number {
  return commonPasswordList().size;
}

// The kinds of personal information the vault keeps, each with its fields, and how a filled-in form becomes a
// record: trimmed, normalised and checked by zod, with one stable error code per field that the screen
// translates.
import { z } from '../../shared/zod.js';

export const PERSONAL_KINDS = ['identity', 'bank', 'card', 'login', 'note'] as const;
export type PersonalKind = (typeof PERSONAL_KINDS)[number];

/** How a field is typed and checked; the screen picks the input element from it. */
export type FieldFormat =
  | 'text'
  | 'multiline'
  | 'id-number'
  | 'date'
  | 'phone'
  | 'account-number'
  | 'card-number'
  | 'expiry'
  | 'url'
  | 'password';

export interface PersonalField {
  key: string;
  format: FieldFormat;
  required: boolean;
  /** Hidden until the member presses "show", never searched. */
  secret: boolean;
  /** Characters as typed, before normalising. */
  maxLength: number;
}

export const MAX_TITLE_LENGTH = 100;
const NAME = 50;
const MEMO = 1000;

const field = <K extends string>(
  key: K,
  format: FieldFormat,
  maxLength: number,
  flags: { required?: boolean; secret?: boolean } = {},
): PersonalField & { key: K } => ({
  key,
  format,
  maxLength,
  required: flags.required ?? false,
  secret: flags.secret ?? false,
});

/**
 * The fields of each kind, in the order the form shows them. A card has no security code (CVC) field on
 * purpose: keeping it next to the number would make a stolen vault a usable card. A note's title is the
 * record's own title, so a note has only its body.
 */
export const PERSONAL_FIELDS = {
  identity: [
    field('name', 'text', NAME, { required: true }),
    field('idNumber', 'id-number', 30, { secret: true }),
    field('birthDate', 'date', 10),
    field('address', 'multiline', 300),
    field('phone', 'phone', 30),
    field('memo', 'multiline', MEMO),
  ],
  bank: [
    field('bankName', 'text', NAME, { required: true }),
    field('accountNumber', 'account-number', 40, { required: true, secret: true }),
    field('holder', 'text', NAME),
    field('memo', 'multiline', MEMO),
  ],
  card: [
    field('issuer', 'text', NAME, { required: true }),
    field('cardNumber', 'card-number', 30, { required: true, secret: true }),
    field('holder', 'text', NAME),
    field('expiry', 'expiry', 7),
    field('memo', 'multiline', MEMO),
  ],
  login: [
    field('siteName', 'text', 100, { required: true }),
    field('url', 'url', 2048),
    field('username', 'text', 200),
    field('password', 'password', 500, { secret: true }),
    field('memo', 'multiline', MEMO),
  ],
  note: [field('body', 'multiline', 10_000, { required: true })],
} as const satisfies Record<PersonalKind, readonly PersonalField[]>;

/** The field keys of one kind, so each screen's labels can be checked against them. */
export type FieldKey<K extends PersonalKind> = (typeof PERSONAL_FIELDS)[K][number]['key'];

export function fieldsOf(kind: PersonalKind): readonly PersonalField[] {
  return PERSONAL_FIELDS[kind];
}

/** The field the list shows under a record's title: never a secret one. */
export const MAIN_FIELD: { [K in PersonalKind]: FieldKey<K> } = {
  identity: 'name',
  bank: 'bankName',
  card: 'issuer',
  login: 'username',
  note: 'body',
};

export const PERSONAL_PROBLEMS = [
  'required',
  'too-long',
  'invalid-kind',
  'unknown-field',
  'invalid-id-number',
  'invalid-date',
  'invalid-phone',
  'invalid-account-number',
  'invalid-card-number',
  'invalid-expiry',
  'invalid-url',
] as const;
export type PersonalProblem = (typeof PERSONAL_PROBLEMS)[number];
export type PersonalErrorCode = `personal/${PersonalProblem}`;

export interface PersonalRecord {
  kind: PersonalKind;
  title: string;
  /** Only the kind's fields that hold a value. */
  fields: Record<string, string>;
}

export interface PersonalDraft {
  kind: string;
  title: string;
  fields: Record<string, string>;
}

export type PersonalCheck =
  | { ok: true; record: PersonalRecord }
  /** Problems by 'kind', 'title' or field key. */
  | { ok: false; problems: Record<string, PersonalErrorCode> };

export function isPersonalKind(value: unknown): value is PersonalKind {
  return typeof value === 'string' && (PERSONAL_KINDS as readonly string[]).includes(value);
}

const code = (problem: PersonalProblem): PersonalErrorCode => `personal/${problem}`;

/** A real calendar date written YYYY-MM-DD between 1900 and 2100. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1900 || year > 2100 || month < 1 || month > 12) return false;
  return day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The URL as an http(s) address a link may point to, or null. Addresses typed without a scheme get https. */
export function httpUrl(value: string): string | null {
  const written = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(written);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // 'mailto:a@b.com' read as https://mailto:a@b.com would be a host with credentials: not what was meant.
  if (url.username || url.password) return null;
  const host = url.hostname;
  if (host !== 'localhost' && !host.includes('.') && !host.startsWith('[')) return null;
  return written;
}

/** Card numbers are kept as digits only; 12 to 19 of them, as issuers use. */
function cardNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** MM/YY from 'MM/YY', 'M/YY', 'MMYY' or 'MM/YYYY'. */
function expiry(value: string): string | null {
  const compact = value.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2})$/.exec(compact);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, '0')}/${match[2]!.slice(-2)}`;
}

const digitCount = (value: string) => value.replace(/\D/g, '').length;

/** Each format's normaliser: the value to store, or null with the format's error code. */
const FORMATS: Record<FieldFormat, { read: (value: string) => string | null; problem?: PersonalProblem }> = {
  text: { read: (value) => value },
  multiline: { read: (value) => value },
  password: { read: (value) => value },
  // Resident registration numbers, passport and foreign ID numbers: letters, digits, spaces and hyphens.
  'id-number': {
    read: (value) => (/^[\dA-Za-z][\dA-Za-z -]*$/.test(value) ? value : null),
    problem: 'invalid-id-number',
  },
  date: { read: (value) => (isCalendarDate(value) ? value : null), problem: 'invalid-date' },
  phone: {
    read: (value) => (/^\+?[\d\s().-]+$/.test(value) && digitCount(value) >= 3 ? value : null),
    problem: 'invalid-phone',
  },
  // Korean account numbers are digits and hyphens; an IBAN also has letters.
  'account-number': {
    read: (value) => (/^[\dA-Za-z][\dA-Za-z -]*$/.test(value) && digitCount(value) >= 4 ? value : null),
    problem: 'invalid-account-number',
  },
  'card-number': { read: cardNumber, problem: 'invalid-card-number' },
  expiry: { read: expiry, problem: 'invalid-expiry' },
  url: { read: httpUrl, problem: 'invalid-url' },
};

function fieldSchema(field: PersonalField) {
  return z
    .string()
    .optional()
    .transform((typed, context) => {
      // Passwords are kept exactly as typed: leading or trailing spaces may be part of them.
      const value = field.format === 'password' ? (typed ?? '') : (typed ?? '').trim();
      const fail = (problem: PersonalProblem) => {
        context.addIssue({ code: 'custom', message: code(problem) });
        return z.NEVER;
      };
      if (value.trim() === '') return field.required ? fail('required') : undefined;
      if (value.length > field.maxLength) return fail('too-long');
      const format = FORMATS[field.format];
      const read = format.read(value);
      return read === null ? fail(format.problem ?? 'required') : read;
    });
}

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: code('required') })
  .max(MAX_TITLE_LENGTH, { error: code('too-long') });

function formSchema(kind: PersonalKind) {
  return z.object({
    title: titleSchema,
    // Strict: a field the kind does not have (a card's CVC, say) is refused, not silently stored.
    fields: z.strictObject(
      Object.fromEntries(fieldsOf(kind).map((field) => [field.key, fieldSchema(field)])),
      { error: code('unknown-field') },
    ),
  });
}
const formSchemas = new Map(PERSONAL_KINDS.map((kind) => [kind, formSchema(kind)]));

/** Zod's own messages (a value that is not a string at all) count as a missing value. */
function asCode(message: string): PersonalErrorCode {
  const problem = message.replace(/^personal\//, '');
  return (PERSONAL_PROBLEMS as readonly string[]).includes(problem)
    ? code(problem as PersonalProblem)
    : code('required');
}

/** Checks a filled-in form; on success the record holds the normalised, non-empty values only. */
export function checkPersonal(draft: PersonalDraft): PersonalCheck {
  if (!isPersonalKind(draft.kind)) return { ok: false, problems: { kind: code('invalid-kind') } };
  const result = formSchemas.get(draft.kind)!.safeParse({ title: draft.title, fields: draft.fields });
  if (!result.success) {
    const problems: Record<string, PersonalErrorCode> = {};
    for (const issue of result.error.issues) {
      const keys =
        issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[issue.path.length - 1])];
      const found = issue.code === 'unrecognized_keys' ? code('unknown-field') : asCode(issue.message);
      for (const key of keys) problems[key] ??= found;
    }
    return { ok: false, problems };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(result.data.fields)) if (value !== undefined) fields[key] = value;
  return { ok: true, record: { kind: draft.kind, title: result.data.title, fields } };
}

const storedSchema = z.object({
  kind: z.enum(PERSONAL_KINDS),
  title: z.string(),
  fields: z.record(z.string(), z.string()),
});

/**
 * A stored record as the screen may show it, or null when it does not have the record's shape (written by
 * something else). Values are not re-checked: what was saved is shown as it was saved.
 */
export function readPersonal(value: unknown): PersonalRecord | null {
  const result = storedSchema.safeParse(value);
  return result.success ? result.data : null;
}

function folded(value: string): string {
  return value.normalize('NFC').toLocaleLowerCase();
}

/** Whether every word of the search occurs in the title or a non-secret field; secrets are never searched. */
export function matchesSearch(record: PersonalRecord, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const visible = fieldsOf(record.kind)
    .filter((field) => !field.secret)
    .map((field) => record.fields[field.key] ?? '');
  const haystack = folded([record.title, ...visible].join('\n'));
  return words.every((word) => haystack.includes(word));
}

/** A value as the detail view writes it: card numbers in groups of four. */
export function displayValue(field: PersonalField, value: string): string {
  if (field.format === 'card-number' && /^\d+$/.test(value)) return value.replace(/(\d{4})(?=\d)/g, '$1 ');
  return value;
}

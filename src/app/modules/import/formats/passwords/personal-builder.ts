// How an item read from a password manager's export becomes a personal record the vault accepts: every value
// checked by the personal module's own rules, a value too long cut and said so, a value the field cannot hold moved
// to the memo (or, when it is a secret, left out and said so), and a record missing what its kind needs kept as a
// note of its readable text. Importers describe an item as a draft and never call checkPersonal themselves.
import {
  checkPersonal,
  fieldsOf,
  httpUrl,
  MAX_TITLE_LENGTH,
  type PersonalKind,
  type PersonalRecord,
} from '../../../../records/personal.js';
import {
  ImportError,
  MAX_IMPORT_ITEMS,
  recordKey,
  type ImportAttachment,
  type ImportFormat,
  type ImportItem,
  type ImportPlan,
  type SkipReason,
  type Skipped,
} from '../../plan.js';
import { FIELD_LABELS } from './custom-fields.js';

/** An item as an importer read it, before the vault's rules are applied. */
export interface PersonalDraft {
  kind: PersonalKind;
  title: string;
  /** The kind's fields (not the memo, nor a note's body: those are `lines`). */
  fields: Record<string, string | undefined>;
  /** Readable, non-secret text for the memo (a note's body), one entry per line or paragraph. */
  lines: string[];
  line?: number;
  attachments?: ImportAttachment[];
}

/** The line that says which folder (group, tag) an item came from. */
export const folderLine = (folder: string): string => `📁 ${folder}`;

/** A `Name: value` line, the way Bitwarden writes a custom field in its CSV. */
export const fieldLine = (name: string, value: string): string => (name ? `${name}: ${value}` : value);

/** The memo field of each kind that has one; a note's body plays that part for a note. */
const MEMO_OF: Partial<Record<PersonalKind, string>> = {
  identity: 'memo',
  bank: 'memo',
  card: 'memo',
  login: 'memo',
  note: 'body',
};

/** What a kind cannot be without; a draft missing one of these secrets is kept as a note instead. */
const REQUIRED_SECRET: Partial<Record<PersonalKind, string>> = { bank: 'accountNumber', card: 'cardNumber' };

/** The non-secret field that takes the title when the file left it empty. */
const NAMED_BY_TITLE: Partial<Record<PersonalKind, string>> = {
  identity: 'name',
  bank: 'bankName',
  card: 'issuer',
  login: 'siteName',
};

/** A label for a value moved to the memo: the name our own exports give the field. */
function labelOf(kind: PersonalKind, key: string): string {
  const labels = FIELD_LABELS[kind as keyof typeof FIELD_LABELS] as Record<string, string> | undefined;
  return labels?.[key] ?? FALLBACK_LABELS[key] ?? key;
}
const FALLBACK_LABELS: Record<string, string> = { url: 'URL', username: 'Username' };

/** `text` cut to at most `max` UTF-16 units, never through the middle of a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end);
}

const clean = (value: string | undefined): string => (value ?? '').trim();

/** Collects an import's records and what it leaves out. */
export class PersonalPlan {
  readonly #items: ImportItem[] = [];
  readonly #skipped: Skipped[] = [];

  constructor(
    private readonly format: ImportFormat,
    /** The title of last resort: the name of the app the file came from. */
    private readonly source: string,
  ) {}

  skip(reason: SkipReason, what: string, line?: number): void {
    this.#skipped.push({
      reason,
      what: cut(what, MAX_TITLE_LENGTH),
      ...(line !== undefined ? { line } : {}),
    });
  }

  plan(): ImportPlan {
    return { format: this.format, items: this.#items, skipped: this.#skipped };
  }

  /** Adds the draft as one record, or skips it as empty. */
  add(draft: PersonalDraft): void {
    const lines = draft.lines.map((line) => line.trim()).filter(Boolean);
    const fields: Record<string, string> = {};
    for (const field of fieldsOf(draft.kind)) {
      const value = draft.fields[field.key];
      const kept = field.format === 'password' ? (value ?? '') : clean(value);
      if (kept.trim() !== '') fields[field.key] = kept;
    }
    const written = clean(draft.title);
    if (!written && Object.keys(fields).length === 0 && lines.length === 0 && !draft.attachments?.length) {
      this.skip('empty', '', draft.line);
      return;
    }
    const title = written || this.#fallbackTitle(draft.kind, fields, lines);
    const what = written || title;
    this.#build(draft.kind, title, fields, lines, draft, what);
  }

  #fallbackTitle(kind: PersonalKind, fields: Record<string, string>, lines: string[]): string {
    const url = fields.url ? hostOf(httpUrl(fields.url) ?? '') : '';
    const named = NAMED_BY_TITLE[kind] ? fields[NAMED_BY_TITLE[kind]] : undefined;
    return named || url || fields.username || lines[0]?.split('\n')[0] || this.source;
  }

  #build(
    kind: PersonalKind,
    writtenTitle: string,
    fields: Record<string, string>,
    lines: string[],
    draft: PersonalDraft,
    what: string,
  ): void {
    let shortened = false;
    let title = writtenTitle;
    if (title.length > MAX_TITLE_LENGTH) {
      title = cut(title, MAX_TITLE_LENGTH).trim();
      shortened = true;
    }
    const named = NAMED_BY_TITLE[kind];
    if (named && !fields[named]) fields[named] = title;

    const moved: string[] = [];
    for (const field of fieldsOf(kind)) {
      const value = fields[field.key];
      if (value === undefined) continue;
      const limited = field.format === 'password' ? value : value.trim();
      if (limited.length > field.maxLength) {
        fields[field.key] =
          field.format === 'password' ? cut(value, field.maxLength) : cut(limited, field.maxLength).trim();
        shortened = true;
      }
    }
    // Values a field cannot hold: a secret is left out (it must never reach the memo), anything else goes there.
    const first = checkPersonal({ kind, title, fields });
    if (!first.ok) {
      for (const field of fieldsOf(kind)) {
        const value = fields[field.key];
        if (value === undefined || !first.problems[field.key]) continue;
        delete fields[field.key];
        const label = labelOf(kind, field.key);
        if (field.secret) this.skip('hidden-field', `${what}: ${label}`, draft.line);
        else if (field.format === 'url') moved.push(fieldLine(label, this.uriLine(value, what, draft.line)));
        else moved.push(fieldLine(label, value));
      }
    }

    const secret = REQUIRED_SECRET[kind];
    if (secret && !fields[secret]) {
      // A card without a number (or a bank account without one) is no card: its readable text is kept as a note.
      const readable = fieldsOf(kind)
        .filter(
          (field) =>
            !field.secret && field.key !== 'memo' && fields[field.key] && fields[field.key] !== title,
        )
        .map((field) => `${labelOf(kind, field.key)}: ${fields[field.key]}`);
      const folder = lines[0]?.startsWith(folderLine('')) ? lines.slice(0, 1) : [];
      const rest = lines.slice(folder.length);
      this.#build('note', title, {}, [...folder, ...readable, ...moved, ...rest], draft, what);
      if (shortened) this.#shortened(what, draft.line);
      return;
    }

    const memoKey = MEMO_OF[kind];
    const memoLines = [...lines, ...moved];
    if (memoKey) {
      const field = fieldsOf(kind).find((candidate) => candidate.key === memoKey)!;
      let memo = memoLines.join('\n');
      if (kind === 'note' && !memo) memo = title;
      if (memo.length > field.maxLength) {
        memo = cut(memo, field.maxLength).trim();
        shortened = true;
      }
      if (memo) fields[memoKey] = memo;
    }

    const checked = checkPersonal({ kind, title, fields });
    if (!checked.ok) throw new ImportError('bad-row', draft.line, Object.keys(checked.problems)[0]);
    this.#push(checked.record, draft);
    if (shortened) this.#shortened(what, draft.line);
  }

  /** One 'shortened' per item, however many of its values were cut. */
  #shortened(what: string, line: number | undefined): void {
    const last = this.#skipped.at(-1);
    if (last?.reason === 'shortened' && last.what === cut(what, MAX_TITLE_LENGTH) && last.line === line)
      return;
    this.skip('shortened', what, line);
  }

  /**
   * A URI as a memo line: a password written into it (https://admin:secret@192.168.0.1) is taken out and said so,
   * since a memo is no place for a secret.
   */
  uriLine(uri: string, what: string, line?: number): string {
    const match = /^([a-z][a-z\d+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i.exec(uri.trim());
    if (!match) return uri;
    this.skip('hidden-field', what, line);
    return `${match[1]}@${uri.trim().slice(match[0].length)}`;
  }

  #push(value: PersonalRecord, draft: PersonalDraft): void {
    if (this.#items.length >= MAX_IMPORT_ITEMS) throw new ImportError('too-large');
    this.#items.push({
      kind: 'personal',
      value,
      key: recordKey('personal', value),
      ...(draft.line !== undefined ? { line: draft.line } : {}),
      ...(draft.attachments?.length ? { attachments: draft.attachments } : {}),
    });
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Tells `progress` how far a loop is, every so many steps (never on each: a message per item would cost more). */
export function progressEvery(total: number, progress: ((share: number) => void) | undefined) {
  const step = Math.max(1, Math.floor(total / 50));
  return (done: number) => {
    if (progress && (done % step === 0 || done === total)) progress(Math.min(1, done / Math.max(1, total)));
  };
}

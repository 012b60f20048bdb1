// What every importer makes of a file (src/app/modules/import/formats/): the records it would add, each with the
// key that finds it again, and what it leaves out and why. An importer only reads: it never writes to the vault,
// and it runs in the import worker, so it uses nothing of the page (no DOM, no React, no vault).
import { kindOf, type ImportKind, type ImportValues } from '../kinds.js';

/** The formats the import screen knows, by what they come from. */
export const IMPORT_FORMATS = [
  'bitwarden-json',
  'bitwarden-csv',
  'bitwarden-encrypted',
  '1password-1pux',
  'keepass-xml',
  'keepassxc-csv',
  'dayone-zip',
  'diary-markdown',
  'icalendar',
  'banksalad',
  'statement',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export type { ImportKind, ImportValues };

/** A file carried by a record (a KeePass binary, a Day One photo): it becomes a document linked to the record. */
export interface ImportAttachment {
  name: string;
  /** A MIME type ('image/jpeg'), or '' when the format does not say. */
  type: string;
  bytes: Uint8Array;
}

export type ImportItem = {
  [K in ImportKind]: {
    kind: K;
    value: ImportValues[K];
    /**
     * What finds this record again when the same file is imported twice: `recordKey(kind, value)`, made from the
     * record's content, so a record already in the vault, typed by hand or imported before, is found too.
     */
    key: string;
    /** 1-based line (or row) in the file the record came from, for the preview. */
    line?: number;
    attachments?: ImportAttachment[];
    /**
     * A ledger entry's category as the file names it (뱅크샐러드's 대분류, a statement's 업종), when `value.category`
     * was chosen from it: the screen lets the member map each such name onto another category.
     */
    sourceCategory?: string;
  };
}[ImportKind];

/** Why a part of the file is not imported (the screen says each in the member's language). */
export const SKIP_REASONS = [
  /** A card's security code: the app keeps none on purpose (a stolen vault would be a usable card). */
  'security-code',
  /** A one-time password seed (TOTP): the app has no authenticator. */
  'totp',
  /** A hidden custom field: the app has no hidden fields beside the password. */
  'hidden-field',
  /** An item of a kind the app does not keep (a passkey, an SSH key); its readable text is kept as a note. */
  'unsupported-type',
  /** An item or row with nothing in it. */
  'empty',
  /** A file the record refers to (a Day One photo) that the export does not hold. */
  'missing-file',
  /** A repeat the schedule cannot keep as a rule: its dates are added as events of their own (changed, not left out). */
  'repeat-simplified',
  /** A change to an occurrence and all after it (RANGE=THISANDFUTURE) in a repeat added date by date: the later dates keep the old values. */
  'exception',
  /** A row that is a total, a subtotal or a title, not a transaction. */
  'summary-row',
  /** A move between the member's own accounts (뱅크샐러드's 이체): neither income nor expense. */
  'transfer',
  /** A transaction cancelled in the statement (승인취소, 매출취소), or a calendar event marked cancelled. */
  'cancelled',
  /** An amount of zero. */
  'zero-amount',
  /** A currency the ledger does not keep. */
  'currency',
  /** An entry in the trash of the app it came from. */
  'deleted',
  /** A value longer than the app keeps; cut to fit (said so, never silently). */
  'shortened',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The reasons whose item is imported all the same, changed: the preview lists them apart from what is left out. */
export const CHANGED_REASONS: ReadonlySet<SkipReason> = new Set<SkipReason>([
  'repeat-simplified',
  'shortened',
]);

/** Something of the file left out, or (a reason in CHANGED_REASONS) imported changed, and why. */
export interface Skipped {
  reason: SkipReason;
  /** The item's title or the row's first cells, as the file has it. */
  what: string;
  line?: number;
}

export interface ImportPlan {
  format: ImportFormat;
  items: ImportItem[];
  skipped: Skipped[];
}

/** Why a file cannot be imported at all; nothing is written. */
export const IMPORT_ERRORS = [
  /** A format (or a variant of one) the screen does not read. */
  'unsupported',
  /** Bytes that are not what they claim (a cut zip, broken JSON, a CSV with an open quote). */
  'damaged',
  /** Encrypted: ask for the password. */
  'needs-password',
  'wrong-password',
  /** A Bitwarden export encrypted with the account's key: it must be exported again with a password. */
  'account-restricted',
  /** KDF settings beyond sane bounds (a hostile file would freeze the tab). */
  'kdf-too-costly',
  /** Larger than the screen reads (the file, a zip entry as it unpacks, or the row count). */
  'too-large',
  /** A row or item that cannot be read; `line` says where. */
  'bad-row',
  /** An Office file encrypted with a password we cannot open (only the password's own prompt could). */
  'encrypted-office',
  /** A file with nothing to import. */
  'empty',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERRORS)[number];

export class ImportError extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly line?: number,
    /** For 'bad-row': the field or column that could not be read, as the file names it. */
    readonly detail?: string,
  ) {
    super(line === undefined ? code : `${code} at line ${line}`);
    this.name = 'ImportError';
  }
}

/** What an importer is given besides the bytes. */
export interface ImportOptions {
  /** The file's password (a password-protected export, a password zip, an encrypted Office file). */
  password?: string;
  /** Told now and then how far it is, as a share from 0 to 1. */
  progress?: (share: number) => void;
  /** The member's time zone (IANA), for dates written without one ('Asia/Seoul' in tests). */
  timeZone?: string;
  /** Today ('YYYY-MM-DD'), for dates written without a year (a statement's MMDD). */
  today?: string;
}

/** The files the screen reads are at most this large (a 200 MB CSV is refused before it is read). */
export const MAX_IMPORT_FILE_BYTES = 100 * 1024 * 1024;
/** What a zip may unpack to in all (a zip bomb stops here), and any one entry. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
/** Records in one import. */
export const MAX_IMPORT_ITEMS = 100_000;

/**
 * What makes a record the same one again, as one string: what an item's `key` is, and how a record already in the
 * vault is recognised. Each kind declares its own (its `import.key` in the registry, modules/kinds.ts).
 */
export function recordKey(kind: ImportKind, value: unknown): string {
  return kindOf(kind)!.import!.key(value);
}

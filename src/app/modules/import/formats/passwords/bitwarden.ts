// Bitwarden's exports: the JSON (as it is, or password-protected), and the CSV, which knows only logins and notes.
// Each item is read into one shape (a "cipher", Bitwarden's word) and made into a personal record from there, so
// the three files are read by the same rules.
import { readCsv } from '../../../../../shared/csv.js';
import { httpUrl } from '../../../../records/personal.js';
import { ImportError, MAX_IMPORT_ITEMS, type ImportOptions, type ImportPlan } from '../../plan.js';
import { decryptEncString, deriveExportKey, readKdf, WrongKey } from './bitwarden-crypto.js';
import { FIELD_LABELS, isCardNetwork, kindOfNote, readFieldLines, type NamedValue } from './custom-fields.js';
import { joinName } from './names.js';
import {
  fieldLine,
  folderLine,
  PersonalPlan,
  progressEvery,
  type PersonalDraft,
} from './personal-builder.js';
import { decodeText, isObject, parseJson, str } from './text.js';

/** Bitwarden's CipherType values. */
const LOGIN = 1;
const SECURE_NOTE = 2;
const CARD = 3;
const IDENTITY = 4;
const SSH_KEY = 5;
const BANK_ACCOUNT = 6;

/** Bitwarden's FieldType values. */
const TEXT = 0;
const HIDDEN = 1;
const BOOLEAN = 2;

interface CustomField extends NamedValue {
  type: number;
}

/** One item of a Bitwarden export, whichever file it came from. */
interface Cipher {
  type: number;
  name: string;
  notes: string;
  folder: string;
  fields: CustomField[];
  login?: { uris: string[]; username: string; password: string; totp: string; passkeys: number };
  card?: Record<string, string>;
  identity?: Record<string, string>;
  sshKey?: Record<string, string>;
  bankAccount?: Record<string, string>;
  deleted: boolean;
  line?: number;
}

const SOURCE = 'Bitwarden';

/** Bitwarden's JSON export; a password-protected one is decrypted with `options.password`. */
export async function importBitwardenJson(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const file = parseJson(decodeText(bytes));
  if (!isObject(file)) throw new ImportError('unsupported');
  if (file.encrypted === true) return importProtected(file, options);
  return planOf(readJsonExport(file), 'bitwarden-json', options);
}

/** Bitwarden's password-protected JSON export (an unprotected one is read as it is). */
export async function importBitwardenEncrypted(
  bytes: Uint8Array,
  options: ImportOptions,
): Promise<ImportPlan> {
  return importBitwardenJson(bytes, options);
}

async function importProtected(file: Record<string, unknown>, options: ImportOptions): Promise<ImportPlan> {
  // Encrypted with the account's own key: only that account, signed in to Bitwarden, can read it.
  if (file.passwordProtected !== true) throw new ImportError('account-restricted');
  const { salt, encKeyValidation_DO_NOT_EDIT: validation, data } = file;
  if (typeof salt !== 'string' || !salt || typeof validation !== 'string' || typeof data !== 'string') {
    throw new ImportError('damaged');
  }
  const kdf = readKdf(file);
  if (!options.password) throw new ImportError('needs-password');
  options.progress?.(0);
  const key = await deriveExportKey(options.password, salt, kdf);
  try {
    await decryptEncString(validation, key);
  } catch (error) {
    throw error instanceof WrongKey ? new ImportError('wrong-password') : error;
  }
  let plain: Uint8Array;
  try {
    plain = await decryptEncString(data, key);
  } catch (error) {
    // The password opened the validation: a data that does not match was changed after it was written.
    throw error instanceof WrongKey ? new ImportError('damaged') : error;
  }
  let inner: unknown;
  try {
    inner = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw new ImportError('damaged');
  }
  if (!isObject(inner) || inner.encrypted === true) throw new ImportError('damaged');
  return planOf(readJsonExport(inner), 'bitwarden-encrypted', options);
}

/** The items of an unencrypted JSON export, each with its folder's (or, in an organisation's, collection's) name. */
function readJsonExport(file: Record<string, unknown>): Cipher[] {
  if (!Array.isArray(file.items)) throw new ImportError('unsupported');
  if (file.items.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  if (file.items.length === 0) throw new ImportError('empty');
  const groups = new Map<string, string>();
  for (const group of [...asArray(file.folders), ...asArray(file.collections)]) {
    if (isObject(group) && typeof group.id === 'string') groups.set(group.id, str(group.name));
  }
  return file.items.map((item, index): Cipher => {
    if (!isObject(item)) throw new ImportError('bad-row', undefined, `items[${index}]`);
    const login = isObject(item.login) ? item.login : undefined;
    const folderId = str(item.folderId);
    const collection = asArray(item.collectionIds)
      .map(str)
      .find((id) => groups.has(id));
    return {
      type: typeof item.type === 'number' ? item.type : Number(str(item.type)),
      name: str(item.name),
      notes: str(item.notes),
      folder: groups.get(folderId) ?? (collection ? groups.get(collection)! : ''),
      fields: asArray(item.fields)
        .filter(isObject)
        .map((field) => ({
          name: str(field.name),
          value: str(field.value),
          type: Number(field.type ?? TEXT),
        })),
      ...(login && {
        login: {
          uris: asArray(login.uris)
            .map((uri) => (isObject(uri) ? str(uri.uri) : ''))
            .filter((uri) => uri.trim()),
          username: str(login.username),
          password: str(login.password),
          totp: str(login.totp),
          passkeys: asArray(login.fido2Credentials).length,
        },
      }),
      ...(isObject(item.card) && { card: strings(item.card) }),
      ...(isObject(item.identity) && { identity: strings(item.identity) }),
      ...(isObject(item.sshKey) && { sshKey: strings(item.sshKey) }),
      ...(isObject(item.bankAccount) && { bankAccount: strings(item.bankAccount) }),
      deleted: Boolean(item.deletedDate),
    };
  });
}

/** Bitwarden's CSV export: folder, favorite, type, name, notes, fields, reprompt, login_uri, … */
export async function importBitwardenCsv(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  const records = readCsv(decodeText(bytes));
  const header = (records[0]?.fields ?? []).map((name) => name.trim().toLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (column('type') === -1 || column('name') === -1) throw new ImportError('unsupported');
  if (records.length - 1 > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  const ciphers: Cipher[] = [];
  for (const record of records.slice(1)) {
    if (record.unterminatedQuote || record.fields.length > header.length)
      throw new ImportError('bad-row', record.line);
    if (record.fields.length === 1 && !record.fields[0]!.trim()) continue;
    const cell = (name: string) => (column(name) === -1 ? '' : (record.fields[column(name)] ?? ''));
    const uris = readCsv(cell('login_uri'))[0]?.fields ?? [];
    ciphers.push({
      type: cell('type').trim().toLowerCase() === 'note' ? SECURE_NOTE : LOGIN,
      name: cell('name'),
      notes: cell('notes'),
      folder: cell('folder') || cell('collections'),
      fields: readFieldLines(cell('fields')).map((field) => ({ ...field, type: TEXT })),
      login: {
        uris: uris.map((uri) => uri.trim()).filter(Boolean),
        username: cell('login_username'),
        password: cell('login_password'),
        totp: cell('login_totp'),
        passkeys: 0,
      },
      deleted: false,
      line: record.line,
    });
  }
  if (ciphers.length === 0) throw new ImportError('empty');
  return planOf(ciphers, 'bitwarden-csv', options);
}

function planOf(ciphers: Cipher[], format: ImportPlan['format'], options: ImportOptions): ImportPlan {
  const plan = new PersonalPlan(format, SOURCE);
  const tick = progressEvery(ciphers.length, options.progress);
  ciphers.forEach((cipher, index) => {
    addCipher(plan, cipher);
    tick(index + 1);
  });
  return plan.plan();
}

function addCipher(plan: PersonalPlan, cipher: Cipher): void {
  const { name, line } = cipher;
  if (cipher.deleted) return plan.skip('deleted', name, line);
  const hiddenSkipped = (field: CustomField) => plan.skip('hidden-field', `${name}: ${field.name}`, line);
  /** Custom fields as memo lines (a hidden one left out), but for those the kind reads itself. */
  const customLines = (taken: ReadonlySet<string> = new Set()) =>
    cipher.fields.flatMap((field) => {
      if (taken.has(field.name) || (field.type !== TEXT && field.type !== BOOLEAN && field.type !== HIDDEN))
        return [];
      if (field.type === HIDDEN) {
        hiddenSkipped(field);
        return [];
      }
      return [fieldLine(field.name, field.value)];
    });
  const folder = cipher.folder.trim() ? [folderLine(cipher.folder.trim())] : [];
  const base = { title: name, ...(line !== undefined ? { line } : {}) };

  switch (cipher.type) {
    case LOGIN: {
      const login = cipher.login ?? { uris: [], username: '', password: '', totp: '', passkeys: 0 };
      if (login.totp.trim()) plan.skip('totp', name, line);
      if (login.passkeys > 0) plan.skip('unsupported-type', name, line);
      const siteName = cipher.fields.find(
        (field) => field.name === FIELD_LABELS.login.siteName && field.type === TEXT,
      );
      const url = login.uris.find((uri) => httpUrl(uri) !== null);
      return plan.add({
        ...base,
        kind: 'login',
        fields: { siteName: siteName?.value, url, username: login.username, password: login.password },
        lines: [
          ...folder,
          cipher.notes,
          ...login.uris.filter((uri) => uri !== url).map((uri) => plan.uriLine(uri, name, line)),
          ...customLines(new Set(siteName ? [FIELD_LABELS.login.siteName] : [])),
        ],
      });
    }
    case SECURE_NOTE:
      return plan.add(noteDraft(cipher, base, folder, customLines, hiddenSkipped));
    case CARD: {
      const card = cipher.card ?? {};
      if (card.code?.trim()) plan.skip('security-code', name, line);
      const month = card.expMonth?.trim() ?? '';
      const year = card.expYear?.trim() ?? '';
      // Who issued the card: our exports' Issuer field, else the brand unless it only names a network (Visa).
      const issuerField = cipher.fields.find(
        (field) => field.name === FIELD_LABELS.card.issuer && field.type === TEXT,
      );
      const brand = card.brand?.trim() ?? '';
      const issuer = issuerField?.value || (brand && !isCardNetwork(brand) ? brand : '');
      return plan.add({
        ...base,
        kind: 'card',
        fields: {
          issuer,
          cardNumber: card.number,
          holder: card.cardholderName,
          expiry: month && year ? `${month}/${year}` : month || year,
        },
        lines: [
          ...folder,
          cipher.notes,
          ...(brand && brand !== issuer ? [fieldLine('brand', brand)] : []),
          ...customLines(new Set(issuerField ? [FIELD_LABELS.card.issuer] : [])),
        ],
      });
    }
    case IDENTITY:
      return plan.add(identityDraft(cipher, base, folder, customLines, plan));
    case BANK_ACCOUNT: {
      const bank = cipher.bankAccount ?? {};
      const accountNumber = bank.accountNumber?.trim() || bank.iban?.trim();
      if (bank.pin?.trim()) plan.skip('hidden-field', `${name}: pin`, line);
      if (bank.iban?.trim() && accountNumber !== bank.iban.trim())
        plan.skip('hidden-field', `${name}: iban`, line);
      const details = (
        ['accountType', 'routingNumber', 'branchNumber', 'swiftCode', 'bankContactPhone'] as const
      )
        .filter((key) => bank[key]?.trim())
        .map((key) => fieldLine(key, bank[key]!));
      return plan.add({
        ...base,
        kind: 'bank',
        fields: { bankName: bank.bankName, accountNumber, holder: bank.nameOnAccount },
        lines: [...folder, cipher.notes, ...details, ...customLines()],
      });
    }
    default: {
      // A kind the vault does not keep (an SSH key, a type newer than this reader): its readable text, as a note.
      plan.skip('unsupported-type', name, line);
      const key = cipher.type === SSH_KEY ? (cipher.sshKey ?? {}) : {};
      const publicParts = ['publicKey', 'keyFingerprint'].filter((part) => key[part]?.trim());
      return plan.add({
        ...base,
        kind: 'note',
        fields: {},
        lines: [
          ...folder,
          cipher.notes,
          ...publicParts.map((part) => fieldLine(part, key[part]!)),
          ...customLines(),
        ],
      });
    }
  }
}

/**
 * A secure note, or the bank account, card or identity one of our exports wrote as a note (recognised by its
 * fields' names). A hidden field is kept only where it lands in a secret field (the account number).
 */
function noteDraft(
  cipher: Cipher,
  base: { title: string; line?: number },
  folder: string[],
  customLines: () => string[],
  hiddenSkipped: (field: CustomField) => void,
): PersonalDraft {
  const readable = cipher.fields.filter((field) => field.type === TEXT || field.type === HIDDEN);
  const other = cipher.fields.filter((field) => field.type !== TEXT && field.type !== HIDDEN);
  const found = other.length === 0 ? kindOfNote(readable) : null;
  if (!found)
    return { ...base, kind: 'note', fields: {}, lines: [...folder, cipher.notes, ...customLines()] };
  const secret = new Set(['accountNumber', 'cardNumber', 'idNumber']);
  const labels: Record<string, string> = FIELD_LABELS[found.kind as keyof typeof FIELD_LABELS];
  const fields = { ...found.fields };
  for (const field of readable) {
    const key = Object.keys(labels).find((candidate) => labels[candidate] === field.name);
    if (field.type === HIDDEN && key && !secret.has(key)) {
      hiddenSkipped(field);
      delete fields[key];
    }
  }
  return { ...base, kind: found.kind, fields, lines: [...folder, cipher.notes] };
}

function identityDraft(
  cipher: Cipher,
  base: { title: string; line?: number },
  folder: string[],
  customLines: (taken?: ReadonlySet<string>) => string[],
  plan: PersonalPlan,
): PersonalDraft {
  const identity = cipher.identity ?? {};
  const value = (key: string) => identity[key]?.trim() ?? '';
  const ids = ['ssn', 'passportNumber', 'licenseNumber'].filter((key) => value(key));
  for (const key of ids.slice(1)) plan.skip('hidden-field', `${cipher.name}: ${key}`, cipher.line);
  const birthDate = cipher.fields.find((field) => field.name === 'Birth date' && field.type === TEXT);
  const place = [value('city'), value('state'), value('postalCode')].filter(Boolean).join(' ');
  const extra = [
    cipher.notes,
    ...(['title', 'email', 'company', 'username'] as const)
      .filter(value)
      .map((key) => fieldLine(key, value(key))),
    ...customLines(new Set(birthDate ? ['Birth date'] : [])),
  ].filter((line) => line.trim());
  return {
    ...base,
    kind: 'identity',
    fields: {
      name: joinName(value('firstName'), value('middleName'), value('lastName')),
      idNumber: ids[0] ? value(ids[0]) : undefined,
      birthDate: birthDate?.value,
      address: [value('address1'), value('address2'), value('address3'), place, value('country')]
        .filter(Boolean)
        .join('\n'),
      phone: value('phone'),
    },
    // What else it says is its memo, the folder only with it (a folder alone is no reason for a memo).
    lines: extra.length > 0 ? [...folder, ...extra] : [],
  };
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function strings(object: Record<string, unknown>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) found[key] = str(value);
  return found;
}

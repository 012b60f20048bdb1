// 1Password's 1PUX export: a zip holding export.data (accounts → vaults → items, as JSON) and files/, the
// attachments and Document items' files, named "<documentId>__<file name>". Items are read by their category, the
// way Bitwarden's 1PUX importer reads them: logins and the login-like (database, server, router, API credential)
// as logins, cards, identities (and passports, licences, social security numbers), bank accounts, notes; any other
// category as a note of its readable text. Archived items are imported like active ones (Bitwarden imports them
// too, as archived; the vault has no archive); trashed ones are skipped as deleted.
import { httpUrl, type PersonalKind } from '../../../../records/personal.js';
import {
  ImportError,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_ITEMS,
  type ImportAttachment,
  type ImportOptions,
  type ImportPlan,
} from '../../plan.js';
import { mimeTypeOf } from './attachments.js';
import { joinName } from './names.js';
import {
  fieldLine,
  folderLine,
  PersonalPlan,
  progressEvery,
  type PersonalDraft,
} from './personal-builder.js';
import { isObject, parseJson, str } from './text.js';
import { openZip, type ZipFiles } from '../zip.js';

const SOURCE = '1Password';

/** 1Password's category UUIDs, and the record kind each becomes. */
const KIND_OF_CATEGORY: Record<string, PersonalKind> = {
  '001': 'login',
  '002': 'card',
  '003': 'note',
  '004': 'identity',
  '005': 'login',
  '101': 'bank',
  '102': 'login', // database
  '103': 'identity', // driver's licence
  '106': 'identity', // passport
  '108': 'identity', // social security number
  '109': 'login', // wireless router
  '110': 'login', // server
  '112': 'login', // API credential
};
const SSH_KEY = '114';

/** A section field, its value read as text. */
interface Field {
  id: string;
  /** The field's title, else its section's. */
  label: string;
  /** Which of the value's variants it holds: string, concealed, date, monthYear, address, file… */
  kind: string;
  text: string;
  value: Record<string, unknown>;
  used: boolean;
}

export async function import1Password1pux(bytes: Uint8Array, options: ImportOptions): Promise<ImportPlan> {
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw new ImportError('too-large');
  const zip = await openZip(bytes);
  if (!zip.has('export.data')) throw new ImportError('unsupported');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await zip.read('export.data'));
  } catch (error) {
    throw error instanceof ImportError ? error : new ImportError('damaged');
  }
  const data = parseJson(text);
  if (!isObject(data) || !Array.isArray(data.accounts)) throw new ImportError('unsupported');
  const items = data.accounts.flatMap((account) =>
    isObject(account)
      ? asArray(account.vaults).flatMap((vault) => (isObject(vault) ? asArray(vault.items) : []))
      : [],
  );
  if (items.length > MAX_IMPORT_ITEMS) throw new ImportError('too-large');
  if (items.length === 0) throw new ImportError('empty');

  const files = filesByDocument(zip.names);
  const plan = new PersonalPlan('1password-1pux', SOURCE);
  const tick = progressEvery(items.length, options.progress);
  for (const [index, item] of items.entries()) {
    if (!isObject(item)) throw new ImportError('bad-row', undefined, `items[${index}]`);
    await addItem(plan, item, (document) => readAttachment(document, files, zip));
    tick(index + 1);
  }
  return plan.plan();
}

/** The zip's paths of files/<documentId>__<name>, by document id. */
function filesByDocument(names: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of names) {
    if (!name.startsWith('files/')) continue;
    const base = name.slice('files/'.length);
    const cut = base.indexOf('__');
    found.set(cut === -1 ? base : base.slice(0, cut), name);
  }
  return found;
}

async function readAttachment(
  document: Record<string, unknown>,
  files: Map<string, string>,
  zip: ZipFiles,
): Promise<ImportAttachment | null> {
  const name = str(document.fileName);
  const path = files.get(str(document.documentId)) ?? files.get(name);
  if (!path) return null;
  return {
    name: name || path.replace(/^.*\//, ''),
    type: mimeTypeOf(name),
    bytes: await zip.read(path),
  };
}

async function addItem(
  plan: PersonalPlan,
  item: Record<string, unknown>,
  attachment: (document: Record<string, unknown>) => Promise<ImportAttachment | null>,
): Promise<void> {
  const overview = isObject(item.overview) ? item.overview : {};
  const details = isObject(item.details) ? item.details : {};
  const title = str(overview.title);
  if (item.trashed === true || item.state === 'deleted' || item.state === 'trashed') {
    return plan.skip('deleted', title);
  }
  const category = str(item.categoryUuid);
  const fields = sectionFields(details);
  const take = (...ids: string[]) => {
    for (const id of ids) {
      const field = fields.find((candidate) => !candidate.used && candidate.id === id && candidate.text);
      if (field) {
        field.used = true;
        return field;
      }
    }
    return undefined;
  };

  // Attachments: a Document item's own file, and files attached to any item as fields.
  const fileFields = fields.filter((field) => field.kind === 'file');
  for (const field of fileFields) field.used = true;
  const documents = [details.documentAttributes, ...fileFields.map((field) => field.value.file)].filter(
    isObject,
  );
  const attachments = (await Promise.all(documents.map(attachment))).filter((found) => found !== null);

  const tags = asArray(overview.tags).map(str).filter(Boolean);
  const folder = tags[0] ? [folderLine(tags[0])] : [];
  const notes = str(details.notesPlain);
  const urls = [
    str(overview.url),
    ...asArray(overview.urls).map((url) => (isObject(url) ? str(url.url) : '')),
  ]
    .map((url) => url.trim())
    .filter((url, index, all) => url && all.indexOf(url) === index);

  // What 1Password's login fields (the sign-in form it saved) say.
  let username = '';
  let password = str(details.password);
  const loginLines: string[] = [];
  for (const loginField of asArray(details.loginFields).filter(isObject)) {
    const value = isObject(loginField.value) ? str(loginField.value.string) : str(loginField.value);
    const designation = str(loginField.designation);
    if (!value) continue;
    if (designation === 'username' && !username) username = value;
    else if (designation === 'password' && !password) password = value;
    else if (str(loginField.fieldType) === 'P')
      plan.skip('hidden-field', `${title}: ${str(loginField.name)}`);
    else if (str(loginField.fieldType) === 'C') loginLines.push(fieldLine(str(loginField.name), 'true'));
    else loginLines.push(fieldLine(str(loginField.name), value));
  }

  let kind: PersonalKind = KIND_OF_CATEGORY[category] ?? 'note';
  // Like Bitwarden, an item of any category that holds a saved sign-in is a login.
  if (kind === 'note' && (username || password)) kind = 'login';
  const draft: PersonalDraft = {
    kind,
    title,
    fields: {},
    lines: [],
    ...(attachments.length ? { attachments } : {}),
  };
  const lines: string[] = [];

  switch (kind) {
    case 'login': {
      username ||= take('username')?.text ?? '';
      password ||= take('password', 'credential', 'wireless_password')?.text ?? '';
      const urlField = fields.find(
        (field) => !field.used && field.kind === 'url' && httpUrl(field.text.trim()),
      );
      if (!urls.some((url) => httpUrl(url)) && urlField) {
        urlField.used = true;
        urls.push(urlField.text.trim());
      }
      const url = urls.find((candidate) => httpUrl(candidate) !== null);
      draft.fields = { url, username, password };
      lines.push(...urls.filter((candidate) => candidate !== url).map((other) => plan.uriLine(other, title)));
      break;
    }
    case 'card': {
      if (take('cvv')) plan.skip('security-code', title);
      // The card's network (Visa): the number says it already.
      take('type');
      draft.fields = {
        issuer: take('bank')?.text,
        cardNumber: take('ccnum')?.text,
        holder: take('cardholder')?.text,
        expiry: take('expiry')?.text.replace(/^(\d{4})-(\d{2})$/, '$2/$1'),
      };
      break;
    }
    case 'bank': {
      const accountNo = take('accountNo');
      const iban = take('iban');
      if (accountNo && iban) plan.skip('hidden-field', `${title}: ${iban.label}`);
      draft.fields = {
        bankName: take('bankName')?.text,
        accountNumber: (accountNo ?? iban)?.text,
        holder: take('owner')?.text,
      };
      break;
    }
    case 'identity': {
      const full = take('fullname', 'name', 'member_name')?.text;
      const ids = fields.filter((field) => !field.used && field.id === 'number' && field.text);
      const address = take('address');
      draft.fields = {
        name:
          full ??
          joinName(take('firstname')?.text ?? '', take('initial')?.text ?? '', take('lastname')?.text ?? ''),
        idNumber: take('number')?.text,
        birthDate: take('birthdate')?.text,
        address: address?.text,
        phone: take('defphone', 'phone')?.text,
      };
      for (const extra of ids.slice(1)) plan.skip('hidden-field', `${title}: ${extra.label}`);
      break;
    }
    default:
      if (category === SSH_KEY) {
        plan.skip('unsupported-type', title);
        for (const field of fields.filter((candidate) => candidate.kind === 'sshKey')) {
          field.used = true;
          // The private key never leaves the secret it was: only the public half and its fingerprint are kept.
          const metadata =
            isObject(field.value.sshKey) && isObject(field.value.sshKey.metadata)
              ? field.value.sshKey.metadata
              : {};
          if (str(metadata.publicKey)) lines.push(fieldLine('public key', str(metadata.publicKey)));
          if (str(metadata.fingerprint)) lines.push(fieldLine('fingerprint', str(metadata.fingerprint)));
        }
      } else if (kind === 'note' && !['003', '006'].includes(category)) {
        // A category the vault has no kind for (a software licence, a membership): kept as a note, and said so.
        plan.skip('unsupported-type', title);
      }
  }

  // Any other kind keeps the item's web addresses in its memo.
  if (kind !== 'login') lines.push(...urls.map((url) => plan.uriLine(url, title)));
  for (const field of fields) {
    if (field.used || !field.text) continue;
    if (field.kind === 'totp' || field.id.startsWith('TOTP_')) plan.skip('totp', title);
    else if (field.kind === 'concealed') plan.skip('hidden-field', `${title}: ${field.label}`);
    else if (field.kind === 'url') lines.push(fieldLine(field.label, plan.uriLine(field.text, title)));
    else if (field.kind !== 'reference' && field.kind !== 'sshKey') {
      lines.push(fieldLine(field.label, field.text));
    }
  }
  draft.lines = [...folder, notes, ...lines, ...loginLines];
  plan.add(draft);
}

/** Every section's fields, each value read as text. */
function sectionFields(details: Record<string, unknown>): Field[] {
  return asArray(details.sections)
    .filter(isObject)
    .flatMap((section) =>
      asArray(section.fields)
        .filter(isObject)
        .map((field): Field | null => {
          const value = isObject(field.value) ? field.value : {};
          const kind = Object.keys(value).find((key) => value[key] !== null && value[key] !== undefined);
          if (!kind) return null;
          return {
            id: str(field.id),
            label: str(field.title) || str(section.title) || str(field.id),
            kind,
            text: textOf(kind, value[kind]),
            value,
            used: false,
          };
        }),
    )
    .filter((field) => field !== null);
}

/** A field's value as the text the vault keeps: dates as YYYY-MM-DD, month-years as YYYY-MM, addresses as lines. */
function textOf(kind: string, value: unknown): string {
  switch (kind) {
    case 'date': {
      const seconds = typeof value === 'number' ? value : Number(str(value));
      if (!Number.isFinite(seconds)) return '';
      const date = new Date(seconds * 1000);
      return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
    }
    case 'monthYear': {
      const match = /^(\d{4})(\d{2})$/.exec(str(value));
      return match ? `${match[1]}-${match[2]}` : str(value);
    }
    case 'email':
      return isObject(value) ? str(value.email_address) : str(value);
    case 'address': {
      if (!isObject(value)) return str(value);
      const place = [str(value.city), str(value.state), str(value.zip)].filter(Boolean).join(' ');
      return [str(value.street), place, str(value.country).toUpperCase()].filter(Boolean).join('\n');
    }
    case 'file':
      return isObject(value) ? str(value.fileName) : '';
    case 'sshKey':
      return 'ssh key';
    default:
      return str(value);
  }
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

// The member's personal information written for Bitwarden: its password-protected JSON export (PBKDF2-SHA256,
// 600,000 iterations, exactly as Bitwarden writes and reads it) and its CSV, which knows only logins and notes.
// What Bitwarden has no item for (a bank account; in the CSV a card or an identity too) is a secure note whose
// custom fields carry the values under names our importers recognise, so an export read back gives the same records.
import { quoteCsvField } from '../../../../../shared/csv.js';
import { bytesToBase64 } from '../../../../../shared/base64.js';
import type { PersonalRecord } from '../../../../records/personal.js';
import { deriveExportKey, encryptEncString, PBKDF2_SHA256 } from './bitwarden-crypto.js';
import { FIELD_LABELS, isCardNetwork } from './custom-fields.js';
import { splitName } from './names.js';

export const EXPORT_PBKDF2_ITERATIONS = 600_000;

const LOGIN = 1;
const SECURE_NOTE = 2;
const CARD = 3;
const IDENTITY = 4;
const TEXT = 0;
const HIDDEN = 1;

interface CustomField {
  name: string;
  value: string;
  type: number;
  linkedId: null;
}

const field = (name: string, value: string | undefined, type = TEXT): CustomField[] =>
  value ? [{ name, value, type, linkedId: null }] : [];

/** A login's site name, written only when it differs from the title (Bitwarden has one name for both). */
const siteNameField = (record: PersonalRecord) =>
  record.fields.siteName && record.fields.siteName !== record.title
    ? field(FIELD_LABELS.login.siteName, record.fields.siteName)
    : [];

/** One record as an item of Bitwarden's JSON export. */
function jsonItem(record: PersonalRecord): Record<string, unknown> {
  const values = record.fields;
  const item = (
    type: number,
    notes: string | undefined,
    fields: CustomField[],
    body: Record<string, unknown>,
  ) => ({
    id: crypto.randomUUID(),
    organizationId: null,
    folderId: null,
    type,
    reprompt: 0,
    name: record.title,
    notes: notes || null,
    favorite: false,
    ...(fields.length > 0 ? { fields } : {}),
    ...body,
    collectionIds: null,
  });
  switch (record.kind) {
    case 'login':
      return item(LOGIN, values.memo, siteNameField(record), {
        login: {
          uris: values.url ? [{ match: null, uri: values.url }] : [],
          username: values.username ?? null,
          password: values.password ?? null,
          totp: null,
        },
      });
    case 'card': {
      const [month, year] = (values.expiry ?? '').split('/');
      // A card issued by a name Bitwarden takes for a network ("Visa") says so in a field of its own.
      const issuer =
        values.issuer && isCardNetwork(values.issuer) ? field(FIELD_LABELS.card.issuer, values.issuer) : [];
      return item(CARD, values.memo, issuer, {
        card: {
          cardholderName: values.holder ?? null,
          // Bitwarden's "brand" is the only place a card names who issued it (신한카드, 현대카드).
          brand: values.issuer ?? null,
          number: values.cardNumber ?? null,
          expMonth: month ? String(Number(month)) : null,
          expYear: year ? `20${year}` : null,
          code: null,
        },
      });
    }
    case 'identity': {
      const { firstName, lastName } = splitName(values.name ?? '');
      return item(IDENTITY, values.memo, field(FIELD_LABELS.identity.birthDate, values.birthDate), {
        identity: {
          title: null,
          firstName: firstName || null,
          middleName: null,
          lastName: lastName || null,
          address1: values.address ?? null,
          address2: null,
          address3: null,
          city: null,
          state: null,
          postalCode: null,
          country: null,
          company: null,
          email: null,
          phone: values.phone ?? null,
          // Bitwarden's Korean screens call this field 주민등록번호.
          ssn: values.idNumber ?? null,
          username: null,
          passportNumber: null,
          licenseNumber: null,
        },
      });
    }
    case 'bank': {
      const labels = FIELD_LABELS.bank;
      const fields = [
        ...field(labels.bankName, values.bankName),
        ...field(labels.accountNumber, values.accountNumber, HIDDEN),
        ...field(labels.holder, values.holder),
      ];
      return item(SECURE_NOTE, values.memo, fields, { secureNote: { type: 0 } });
    }
    case 'note':
      return item(SECURE_NOTE, values.body, [], { secureNote: { type: 0 } });
  }
}

/** The records as Bitwarden's unencrypted JSON export, the text a password-protected one encrypts. */
function jsonExport(records: readonly PersonalRecord[]): string {
  return JSON.stringify({ encrypted: false, folders: [], items: records.map(jsonItem) }, null, '  ');
}

/** The records as Bitwarden's password-protected JSON export, which Bitwarden imports with `password`. */
export async function exportBitwardenEncrypted(
  records: readonly PersonalRecord[],
  password: string,
): Promise<string> {
  if (!password) throw new Error('An export needs a password.');
  const salt = bytesToBase64(crypto.getRandomValues(new Uint8Array(16)));
  const key = await deriveExportKey(password, salt, {
    type: PBKDF2_SHA256,
    iterations: EXPORT_PBKDF2_ITERATIONS,
  });
  const encrypt = (text: string) => encryptEncString(new TextEncoder().encode(text), key);
  return JSON.stringify(
    {
      encrypted: true,
      passwordProtected: true,
      salt,
      kdfType: PBKDF2_SHA256,
      kdfIterations: EXPORT_PBKDF2_ITERATIONS,
      encKeyValidation_DO_NOT_EDIT: await encrypt(crypto.randomUUID()),
      data: await encrypt(jsonExport(records)),
    },
    null,
    '  ',
  );
}

const CSV_COLUMNS = [
  'folder',
  'favorite',
  'type',
  'name',
  'notes',
  'fields',
  'reprompt',
  'login_uri',
  'login_username',
  'login_password',
  'login_totp',
] as const;
type CsvRow = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;

/** `Name: value` lines; a value of several lines is written as one field per line, which Bitwarden's CSV needs. */
function fieldLines(pairs: ReadonlyArray<readonly [string, string | undefined]>): string {
  return pairs
    .flatMap(([name, value]) => (value ? value.split('\n').map((line) => `${name}: ${line}`) : []))
    .join('\n');
}

function csvRow(record: PersonalRecord): CsvRow {
  const values = record.fields;
  const base = { name: record.title, reprompt: '0' };
  switch (record.kind) {
    case 'login':
      return {
        ...base,
        type: 'login',
        notes: values.memo,
        fields: fieldLines(siteNameField(record).map(({ name, value }) => [name, value] as const)),
        // The cell is itself read as a CSV row of URIs, so a URI holding a comma is quoted within it.
        login_uri: values.url && quoteCsvField(values.url),
        login_username: values.username,
        login_password: values.password,
      };
    case 'note':
      return { ...base, type: 'note', notes: values.body };
    case 'bank':
    case 'card':
    case 'identity': {
      const labels: Record<string, string> = FIELD_LABELS[record.kind];
      const pairs = Object.entries(labels).map(([key, label]) => [label, values[key]] as const);
      return { ...base, type: 'note', notes: values.memo, fields: fieldLines(pairs) };
    }
  }
}

/** The records as Bitwarden's CSV export. */
export function exportBitwardenCsv(records: readonly PersonalRecord[]): string {
  const rows = records.map(csvRow);
  const lines = [
    CSV_COLUMNS.join(','),
    ...rows.map((row) => CSV_COLUMNS.map((column) => quoteCsvField(row[column] ?? '')).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

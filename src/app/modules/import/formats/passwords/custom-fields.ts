// The custom fields our Bitwarden exports write for what Bitwarden has no place for (a bank account, a login's site
// name when it differs from the title; in the CSV, which knows only logins and notes, every other kind), and how
// the importers recognise them again, so an export read back gives the same records.
import type { PersonalKind } from '../../../../records/personal.js';

/** Each field's custom-field name, as our exports write it (Bitwarden's own vocabulary, in English). */
export const FIELD_LABELS = {
  login: { siteName: 'Site name' },
  bank: { bankName: 'Bank', accountNumber: 'Account number', holder: 'Holder' },
  card: { issuer: 'Issuer', cardNumber: 'Card number', holder: 'Holder', expiry: 'Expiry' },
  identity: {
    name: 'Name',
    idNumber: 'ID number',
    birthDate: 'Birth date',
    address: 'Address',
    phone: 'Phone',
  },
} as const;

/** The kinds a Bitwarden secure note can stand for, with the fields it must carry to be read as one. */
const NOTE_KINDS: ReadonlyArray<{ kind: 'bank' | 'card' | 'identity'; needs: string[] }> = [
  { kind: 'bank', needs: ['bankName', 'accountNumber'] },
  { kind: 'card', needs: ['issuer', 'cardNumber'] },
  { kind: 'identity', needs: ['name'] },
];

export interface NamedValue {
  name: string;
  value: string;
}

/**
 * The kind a secure note stands for and its fields, when every one of its custom fields is one of that kind's
 * (and it has those the kind needs); otherwise null, and the note stays a note. A field named twice (an address
 * written one line per field, as the CSV must) is joined line by line; the note's text is the record's memo.
 */
export function kindOfNote(
  fields: readonly NamedValue[],
): { kind: PersonalKind; fields: Record<string, string> } | null {
  if (fields.length === 0) return null;
  for (const { kind, needs } of NOTE_KINDS) {
    const keyOf = new Map<string, string>(
      Object.entries(FIELD_LABELS[kind]).map(([key, label]) => [label, key]),
    );
    const found: Record<string, string> = {};
    let fits = true;
    for (const field of fields) {
      const key = keyOf.get(field.name);
      if (!key) {
        fits = false;
        break;
      }
      found[key] = key in found ? `${found[key]}\n${field.value}` : field.value;
    }
    if (fits && needs.every((key) => found[key]?.trim())) return { kind, fields: found };
  }
  return null;
}

/**
 * A CSV `fields` cell's `name: value` lines. Bitwarden splits each at its last ': '; a line that starts with one
 * of our labels is split after it, so a value of ours holding ': ' (an address) comes back whole.
 */
export function readFieldLines(cell: string): NamedValue[] {
  const labels = new Set<string>(
    Object.values(FIELD_LABELS).flatMap((labels) => Object.values<string>(labels)),
  );
  const found: NamedValue[] = [];
  for (const line of cell.split(/\r\n|\r|\n/)) {
    if (!line.trim()) continue;
    const ours = line.indexOf(': ');
    const at = ours !== -1 && labels.has(line.slice(0, ours)) ? ours : line.lastIndexOf(': ');
    if (at === -1) found.push({ name: '', value: line });
    else found.push({ name: line.slice(0, at), value: line.slice(at + 2) });
  }
  return found;
}

/** Card networks Bitwarden offers as a card's "brand": a brand that is one of them does not say who issued the card. */
const CARD_NETWORKS = new Set([
  'visa',
  'mastercard',
  'amex',
  'american express',
  'discover',
  'diners club',
  'jcb',
  'maestro',
  'unionpay',
  'rupay',
  'mir',
  'other',
]);

export const isCardNetwork = (brand: string): boolean => CARD_NETWORKS.has(brand.trim().toLowerCase());

// A statement imported, the ledger exported as CSV (as the export panel and the ledger screen write it), and that CSV
// imported back: everything is found already there, so nothing is added twice.
import { describe, expect, it } from 'vitest';
import { formatLedgerCsv, type CsvLabels } from '../../records/ledger-csv.js';
import type { VaultEntry } from '../../vault/vault.js';
import { KIND } from '../kinds.js';
import { fixture } from './formats/money/test-files.js';
import { readSheet } from './formats/money/sheet.js';
import { guessMapping, statementPlan } from './formats/money/statement.js';
import type { ImportOptions, ImportPlan } from './plan.js';
import { splitAlreadyThere, toWrites } from './prepare.js';

const options: ImportOptions = { timeZone: 'Asia/Seoul', today: '2026-08-31' };

/** What the import screen does with a statement: its guessed mapping applied as the column mapper shows it. */
async function importStatement(bytes: Uint8Array): Promise<ImportPlan & { preset?: string }> {
  const sheet = await readSheet(bytes, options);
  const guess = guessMapping(sheet);
  if (!guess) throw new Error('no mapping guessed');
  return { ...statementPlan(sheet, guess.mapping, options, guess.headerRow), preset: guess.preset };
}

/** The vault after the plan's new records were written. */
function written(plan: ImportPlan, existing: VaultEntry[] = []): VaultEntry[] {
  const { fresh } = splitAlreadyThere(plan.items, existing);
  const added = toWrites(fresh).records.map(({ kind, id, value }): VaultEntry => ({
    id,
    kind,
    value,
    updatedAt: 1,
  }));
  return [...existing, ...added];
}

async function exportedCsv(vault: VaultEntry[], labels: CsvLabels): Promise<Uint8Array> {
  const source = {
    list: <T>(kind: string) => vault.filter((entry) => entry.kind === kind) as VaultEntry<T>[],
    readDocument: async () => null,
  } as unknown as Parameters<typeof KIND.ledger.export.values>[0];
  return new TextEncoder().encode(formatLedgerCsv(await KIND.ledger.export.values(source), labels));
}

describe.each([
  { statement: 'kbcard-2026-08.xls', what: 'a card statement (approval numbers)' },
  { statement: 'tossbank-2026-08.csv', what: 'a bank statement (times, no approval numbers)' },
])('$what, exported as CSV and imported back', ({ statement }) => {
  it.each(['ko', 'codes'] as const)('is all already there (%s labels)', async (labels) => {
    const first = await importStatement(fixture(statement));
    expect(first.items.length).toBeGreaterThan(0);
    const vault = written(first);

    const again = await importStatement(await exportedCsv(vault, labels));
    expect(again.preset).toBe('mygenie');
    const split = splitAlreadyThere(again.items, vault);
    expect(split.fresh).toEqual([]);
    expect(split.already).toHaveLength(first.items.length);
    expect(again.skipped).toEqual([]);
  });
});

describe('a ledger CSV written before the time and approval number went out', () => {
  it.each([
    ['ko', '날짜,구분,금액,통화,분류,결제수단,메모'],
    ['codes', 'date,type,amount,currency,category,payment,memo'],
  ])('is still known as ours (%s labels), its memo the description', async (_labels, header) => {
    const csv = `\uFEFF${header}\r\n2026-08-14,지출,4500,KRW,카페·간식,카드,스타벅스 성수역점\r\n`;
    const plan = await importStatement(new TextEncoder().encode(csv));
    expect(plan.preset).toBe('mygenie');
    expect(plan.items.map((item) => item.value)).toEqual([
      {
        date: '2026-08-14',
        type: 'expense',
        amount: 4500,
        currency: 'KRW',
        category: 'cafe',
        payment: 'card',
        memo: '스타벅스 성수역점',
      },
    ]);
  });
});

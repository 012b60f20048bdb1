// The import preview's counted words in a real Chromium: ledger entries already in the vault, offered to be skipped,
// counted as the page's language counts ("1 ledger entry", "2 ledger entries"; Korean has one form).
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from '../../../client/test/render.js';
import type { VaultEntry } from '../../vault/vault.js';
import { Preview } from './ImportPage.js';
import { recordKey, type ImportItem, type ImportPlan } from './plan.js';

const payment = (memo: string, approval: string): ImportItem => {
  const value = {
    date: '2026-08-14',
    time: '20:32',
    type: 'expense' as const,
    amount: 4500,
    currency: 'KRW' as const,
    category: 'cafe',
    payment: 'card',
    memo,
    approval,
  };
  return { kind: 'ledger', value, key: recordKey('ledger', value) };
};
const items = [payment('스타벅스 성수역점', '30012345'), payment('팟타이 이태원점', '30012346')];
const plan: ImportPlan = { format: 'statement', items, skipped: [] };
const stored = (item: ImportItem, id: string): VaultEntry => ({
  id,
  kind: item.kind,
  value: item.value,
  updatedAt: 1,
});

function showPreview(lang: 'ko' | 'en', alreadyThere: number) {
  const file = new File(['x'], 'statement.xls');
  const existing = items.slice(0, alreadyThere).map((item, at) => stored(item, `e${at}`));
  render(<Preview file={file} plan={plan} existing={existing} onImport={() => {}} onCancel={() => {}} />, {
    lang,
  });
}

describe.each([
  {
    lang: 'en' as const,
    one: 'Skip 1 ledger entry already there',
    two: 'Skip 2 ledger entries already there',
  },
  {
    lang: 'ko' as const,
    one: '이미 있는 가계부 내역 1개 건너뛰기',
    two: '이미 있는 가계부 내역 2개 건너뛰기',
  },
])('the ledger entries already there, in $lang', ({ lang, one, two }) => {
  it('are offered to be skipped in words that fit one', async () => {
    showPreview(lang, 1);
    await expect.element(page.getByRole('checkbox', { name: one, exact: true })).toBeChecked();
  });

  it('are offered to be skipped in words that fit two', async () => {
    showPreview(lang, 2);
    await expect.element(page.getByRole('checkbox', { name: two, exact: true })).toBeChecked();
  });
});

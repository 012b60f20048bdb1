// The import preview in a real Chromium: ledger entries already in the vault, offered to be skipped, counted as the
// page's language counts ("1 ledger entry", "2 ledger entries"; Korean has one form); and what the file loses, in
// two lists: what is left out, and what comes in changed.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from '../../../client/test/render.js';
import type { VaultEntry } from '../../vault/vault.js';
import { importText } from './copy.js';
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

describe.each([
  { lang: 'en' as const, left: 'Not imported · 1 item', changed: 'Imported with changes · 2 items' },
  { lang: 'ko' as const, left: '가져오지 않는 것 · 1개', changed: '바꾸어 넣는 것 · 2개' },
])('what the file loses, in $lang', ({ lang, left, changed }) => {
  it('lists what is left out apart from what comes in changed', async () => {
    const value = {
      title: '수영',
      calendar: 'solar' as const,
      date: '2025-03-04',
      repeat: 'none' as const,
      time: '',
      memo: '',
    };
    const calendarPlan: ImportPlan = {
      format: 'icalendar',
      items: [{ kind: 'event', value, key: recordKey('event', value) }],
      skipped: [
        { reason: 'cancelled', what: '동창 모임', line: 97 },
        { reason: 'repeat-simplified', what: '독서 모임', line: 3 },
        { reason: 'shortened', what: '긴 메모', line: 9 },
      ],
    };
    render(
      <Preview
        file={new File(['x'], 'calendar.ics')}
        plan={calendarPlan}
        existing={[]}
        onImport={() => {}}
        onCancel={() => {}}
      />,
      { lang },
    );
    const reasons = importText[lang].preview.reasons;
    const leftOut = page.getByRole('group').filter({ hasText: left });
    const changedList = page.getByRole('group').filter({ hasText: changed });
    await expect.element(leftOut.getByText(left)).toBeVisible();
    await leftOut.getByText(left).click();
    await expect.element(leftOut.getByText(reasons.cancelled)).toBeVisible();
    await expect.element(leftOut.getByText(reasons['repeat-simplified'])).not.toBeInTheDocument();
    await changedList.getByText(changed).click();
    await expect.element(changedList.getByText(reasons['repeat-simplified'])).toBeVisible();
    await expect.element(changedList.getByText(reasons.shortened)).toBeVisible();
    await expect.element(changedList.getByText('독서 모임 (', { exact: false })).toBeVisible();
  });
});

// The statement column mapper on a phone, in a real Chromium at 390 px, in Korean and English: every column of a
// wide statement is on the screen as a card with its first values, and a column far from A is mapped from its card.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import './import.css';
import { render } from '../../../client/test/render.js';
import { VaultProvider } from '../../vault/react.js';
import type { Vault } from '../../vault/vault.js';
import { ColumnMapper } from './ColumnMapper.js';
import { plural } from '../../../shared/plural.js';
import { importText } from './copy.js';
import type { Mapping, SheetPreview } from './protocol.js';

// A KB국민카드 download: a long title above the header, fourteen columns.
const header = [
  '이용일',
  '이용시간',
  '이용고객명',
  '이용카드명',
  '이용하신곳',
  '국내이용금액(원)',
  '해외이용금액($)',
  '결제방법',
  '가맹점정보',
  '할인금액',
  '적립포인트',
  '상태',
  '결제예정일',
  '승인번호',
];
const row = (merchant: string, approval: string) => [
  '2026.08.14',
  '20:32',
  '홍길동',
  'KB국민 노리2 체크카드',
  merchant,
  '4,500',
  '',
  '일시불',
  '커피전문점',
  '0',
  '45',
  '정상',
  '2026.09.14',
  approval,
];
const sheet: SheetPreview = {
  rows: [
    ['KB국민카드 이용내역 · 조회기간 2026.08.01 ~ 2026.08.31 · 홍길동 고객님'],
    [],
    header,
    row('스타벅스 성수역점', '30012345'),
    row('팟타이 이태원점', '30012346'),
  ],
  rowCount: 5,
  guess: null,
};

/** The vault the mapper remembers a mapping in: nothing remembered yet, a save that succeeds. */
const vault = {
  version: 0,
  get: () => undefined,
  subscribe: () => () => {},
  save: async () => ({ ok: true }),
} as unknown as Vault;

describe.each(['ko', 'en'] as const)('the column mapper at 390 px in %s', (lang) => {
  const text = importText[lang].mapper;

  it('shows every column on the screen and maps one far from A from its card', async () => {
    await page.viewport(390, 844);
    const applied: Array<{ headerRow: number; mapping: Mapping }> = [];
    render(
      <VaultProvider vault={vault}>
        <div className="app">
          <main className="app-main">
            <section className="panel import-panel">
              <ColumnMapper
                sheet={sheet}
                onApply={(headerRow, mapping) => applied.push({ headerRow, mapping })}
                onCancel={() => {}}
              />
            </section>
          </main>
        </div>
      </VaultProvider>,
      { lang },
    );
    await page.getByLabelText(text.headerRow).selectOptions('2');

    // Each column's card lies within the phone's width, its name and first values readable.
    const cards = page
      .getByRole('list', { name: plural(text.columns, 14, lang) })
      .getByRole('listitem')
      .filter({ has: page.getByRole('combobox') });
    expect(cards.elements()).toHaveLength(14);
    for (const card of cards.elements()) {
      const box = card.getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    const approval = page.getByRole('combobox', { name: 'N · 승인번호' });
    await approval.element().scrollIntoView();
    await expect.element(approval).toBeInViewport();
    await expect.element(approval).toHaveAccessibleDescription('30012345 30012346');

    // Mapped from the cards: the date (A), the merchant (E), the amount (F) and the approval number (N).
    await page.getByRole('combobox', { name: 'A · 이용일' }).selectOptions(text.roles.date);
    await page.getByRole('combobox', { name: 'E · 이용하신곳' }).selectOptions(text.roles.merchant);
    await page.getByRole('combobox', { name: 'F · 국내이용금액(원)' }).selectOptions(text.roles.amount);
    await approval.selectOptions(text.roles.approval);
    // A role chosen for a second column leaves the first.
    await page.getByRole('combobox', { name: 'D · 이용카드명' }).selectOptions(text.roles.merchant);
    await page.getByRole('combobox', { name: 'E · 이용하신곳' }).selectOptions(text.roles.merchant);
    await expect.element(page.getByRole('combobox', { name: 'D · 이용카드명' })).toHaveValue('');

    await userEvent.click(page.getByRole('button', { name: text.apply }));
    expect(applied).toEqual([
      { headerRow: 2, mapping: { account: 'card', date: 0, merchant: 4, amount: 5, approval: 13 } },
    ]);
  });
});

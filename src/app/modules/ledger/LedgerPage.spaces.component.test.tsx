// The ledger screen with shared spaces, in a real Chromium over real vaults (the member's own and two spaces' keyed
// Vaults over fake-indexeddb, behind a shelf as the spaces service will hand it), in Korean and English: each entry
// says where it is, totals per place add up, the filter narrows the list, a viewer's space offers no edit, and a new
// entry goes to the space the picker names. Without a shelf the screen is as it was.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import { render } from '../../../client/test/render.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import type { NewEntry } from '../../records/ledger.js';
import type { ShelfSpace, SpaceShelf } from '../../spaces/model.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { newHeader, openTab } from '../../test/devices.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { SpacesProvider } from '../../ui/spaces/listed.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { SlotsProvider, type Slots } from '../../ui/slots.js';
import { VaultProvider } from '../../vault/react.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { ledgerText } from './copy.js';
import { formatMoney } from './model/format.js';
import LedgerPage from './LedgerPage.js';

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: 'a'.repeat(32), name: '우리집', colour: 'teal' };
const PARENTS: SpaceTag = { id: 'b'.repeat(32), name: 'Family', colour: 'rose' };
let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

async function spaceVault(indexedDB: IDBFactory, spaceId: string): Promise<Vault> {
  const options = { indexedDB, IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note(spaceId, 1);
  stores.close();
  const vault = new Vault(id, {
    openStore: () => new VaultStore(id, options),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  });
  opened.push(vault);
  await vault.openWithKey(newEpoch().key);
  return vault;
}

/** The shell's slots, empty: no entry here is a conflict copy or has documents. */
const SLOTS: Slots = { LinkedDocuments: () => null, ConflictCopyBadge: () => null };

function shelfOf(spaces: readonly ShelfSpace[]): SpaceShelf {
  return { spaces: () => spaces, subscribe: () => () => undefined };
}

const month = new Date().toISOString().slice(0, 7);
const entry = (amount: number, memo: string, extra: Partial<NewEntry> = {}): NewEntry => ({
  date: `${month}-01`,
  type: 'expense',
  amount,
  currency: 'KRW',
  category: 'food',
  payment: '',
  memo,
  ...extra,
});

async function device() {
  const indexedDB = new IDBFactory();
  const member = await openTab(indexedDB, MEMBER, null, header);
  opened.push(member);
  const home = await spaceVault(indexedDB, HOME.id);
  const parents = await spaceVault(indexedDB, PARENTS.id);
  await member.save('ledger', 'm1', undefined, entry(5000, 'coffee'));
  await member.save('ledger', 'm2', undefined, entry(7000, 'old lunch', { fromSpace: 'Club' }));
  await home.save('ledger', 'h1', undefined, entry(800000, 'rent', { category: 'housing' }));
  await parents.save('ledger', 'p1', undefined, entry(30000, 'flowers', { category: 'gifts' }));
  const shelf = shelfOf([
    { tag: HOME, role: 'editor', writable: true, vault: home },
    { tag: PARENTS, role: 'viewer', writable: false, vault: parents },
  ]);
  return { member, home, parents, shelf };
}

describe.each(['ko', 'en'] as const)('the ledger with shared spaces in %s', (lang) => {
  const text = ledgerText[lang];
  const tags = spaceTagText[lang];
  const won = (minor: number) => formatMoney(minor, 'KRW', lang);
  const row = (memo: string) => page.getByRole('listitem').filter({ hasText: memo });

  it('tags each entry with its place, totals each place and filters the list', async () => {
    const { member, shelf } = await device();
    render(
      <SlotsProvider value={SLOTS}>
        <VaultProvider vault={member}>
          <SpacesProvider shelf={shelf}>
            <LedgerPage />
          </SpacesProvider>
        </VaultProvider>
      </SlotsProvider>,
      { lang },
    );
    await expect.element(row('rent')).toHaveTextContent(HOME.name);
    await expect.element(row('flowers')).toHaveTextContent(PARENTS.name);
    await expect.element(row('old lunch')).toHaveTextContent(tags.chip.from.replace('{{name}}', 'Club'));
    // The member's own entry carries no chip, as before spaces.
    expect(row('coffee').element().querySelector('.space-chip')).toBeNull();
    // A viewer's entry offers neither edit nor delete; the others do.
    expect(row('flowers').getByRole('button').elements()).toHaveLength(0);
    await expect
      .element(row('rent').getByRole('button', { name: new RegExp(text.list.editEntry.split(':')[0]!) }))
      .toBeVisible();

    const totals = page.getByRole('region', { name: tags.totals.label });
    const card = (scope: string) => totals.element().querySelector(`[data-scope="${scope}"]`)!.textContent!;
    expect(card('all')).toContain(won(-842000));
    expect(card('mine')).toContain(won(-12000));
    expect(card(HOME.id)).toContain(won(-800000));
    expect(card(PARENTS.id)).toContain(won(-30000));

    await page.getByRole('radio', { name: PARENTS.name }).click({ force: true });
    await expect.element(page.getByRole('note')).toHaveTextContent(tags.viewerNote);
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'coffee' }).elements().length)
      .toBe(0);
    await expect.element(row('flowers')).toBeVisible();
  });

  it('writes a new entry in the space the picker names', async () => {
    const { member, home, shelf } = await device();
    render(
      <SlotsProvider value={SLOTS}>
        <VaultProvider vault={member}>
          <SpacesProvider shelf={shelf}>
            <LedgerPage />
          </SpacesProvider>
        </VaultProvider>
      </SlotsProvider>,
      { lang },
    );
    await page.getByRole('button', { name: text.add, exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    const picker = dialog.getByRole('combobox', { name: tags.picker.label });
    const options = [...picker.element().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([tags.mine, `${HOME.name} ● ${tags.colours.teal}`]);
    await picker.selectOptions(HOME.id);
    await dialog.getByRole('textbox', { name: text.form.amount }).fill('45,000');
    await dialog.getByRole('combobox', { name: text.form.category, exact: true }).selectOptions('food');
    await dialog.getByRole('textbox', { name: text.form.memo }).fill('groceries');
    await dialog.getByRole('button', { name: /저장|Save/ }).click();
    await expect.element(row('groceries')).toHaveTextContent(HOME.name);
    expect(home.list<NewEntry>('ledger').map((saved) => saved.value.memo)).toContain('groceries');
    expect(member.list<NewEntry>('ledger').map((saved) => saved.value.memo)).not.toContain('groceries');
  });

  it('without a shelf shows the member’s own entries and no space controls', async () => {
    const { member } = await device();
    render(
      <SlotsProvider value={SLOTS}>
        <VaultProvider vault={member}>
          <LedgerPage />
        </VaultProvider>
      </SlotsProvider>,
      { lang },
    );
    await expect.element(row('coffee')).toBeVisible();
    expect(page.getByRole('listitem').filter({ hasText: 'rent' }).elements()).toHaveLength(0);
    expect(page.getByRole('group', { name: tags.filter.label }).elements()).toHaveLength(0);
    expect(page.getByRole('region', { name: tags.totals.label }).elements()).toHaveLength(0);
    await expect.element(row('coffee')).toHaveTextContent(won(5000));
  });
});

// What a list reads once spaces exist, in a real Chromium over real vaults: the member's own vault and a space's
// keyed Vault (its own store, opened with the space's epoch key), both over fake-indexeddb as on a device. The shelf
// is the interface the spaces service will hand the app; here a small one the test fills. The list shows both
// sources, each tagged, follows writes in either store and the shelf's changes, and moves a record between them.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import { render } from '../../../client/test/render.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import type { ShelfSpace, SpaceShelf } from '../../spaces/model.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { newHeader, openTab } from '../../test/devices.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { VaultProvider } from '../../vault/react.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { spaceTagText } from './copy.js';
import { SpacesProvider, useListedRecords, useMoveRecord } from './listed.js';
import { RecordSpaceChips } from './SpaceChip.js';

interface Entry {
  memo: string;
}

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: 'a'.repeat(32), name: '우리집', colour: 'teal' };
const PARENTS: SpaceTag = { id: 'b'.repeat(32), name: 'Parents', colour: 'rose' };
let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

/** A space epoch's keyed vault on the device, as spacePlatform makes it (its store noted first), opened. */
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

/** The shelf as the spaces service keeps it: the open spaces, and word when they change. */
class TestShelf implements SpaceShelf {
  #spaces: readonly ShelfSpace[] = [];
  #listeners = new Set<() => void>();
  spaces = () => this.#spaces;
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
  set(spaces: readonly ShelfSpace[]) {
    this.#spaces = spaces;
    for (const listener of this.#listeners) listener();
  }
}

function List({ onMoved }: { onMoved?: (id: string) => void }) {
  const records = useListedRecords<Entry>('ledger');
  const move = useMoveRecord();
  return (
    <ul>
      {[...records]
        .sort((a, b) => a.value.memo.localeCompare(b.value.memo))
        .map((record) => (
          <li key={record.id} data-writable={record.writable} data-space={record.space?.id ?? 'mine'}>
            {record.value.memo} <RecordSpaceChips space={record.space} value={record.value} />
            {!record.space && (
              <button
                type="button"
                onClick={() => void move('ledger', record.id, null, HOME.id).then((id) => onMoved?.(id))}
              >
                {`move ${record.value.memo}`}
              </button>
            )}
          </li>
        ))}
    </ul>
  );
}

const rows = () =>
  page
    .getByRole('listitem')
    .elements()
    .map((item) => `${item.firstChild?.textContent?.trim()}|${item.dataset.space}|${item.dataset.writable}`);

describe('the listed records', () => {
  it('are the member’s own alone without a shelf, as before spaces', async () => {
    const device = new IDBFactory();
    const member = await openTab(device, MEMBER, null, header);
    opened.push(member);
    await member.save('ledger', 'm1', undefined, { memo: 'coffee' });
    render(
      <VaultProvider vault={member}>
        <SpacesProvider shelf={null}>
          <List />
        </SpacesProvider>
      </VaultProvider>,
    );
    await expect.poll(rows).toEqual(['coffee|mine|true']);
  });

  it.each(['ko', 'en'] as const)(
    'list the member’s and every space’s records, tagged, and follow each store and the shelf (%s)',
    async (lang) => {
      const text = spaceTagText[lang];
      const device = new IDBFactory();
      const member = await openTab(device, MEMBER, null, header);
      opened.push(member);
      const home = await spaceVault(device, HOME.id);
      await member.save('ledger', 'm1', undefined, { memo: 'coffee' });
      await home.save('ledger', 'h1', undefined, { memo: 'rent' });
      await member.save('ledger', 'm2', undefined, { memo: 'old gift', fromSpace: '우리집' });
      const shelf = new TestShelf();
      shelf.set([{ tag: HOME, role: 'editor', writable: true, vault: home }]);
      const moved: string[] = [];
      render(
        <VaultProvider vault={member}>
          <SpacesProvider shelf={shelf}>
            <List onMoved={(id) => moved.push(id)} />
          </SpacesProvider>
        </VaultProvider>,
        { lang },
      );
      await expect.poll(rows).toEqual(['coffee|mine|true', 'old gift|mine|true', `rent|${HOME.id}|true`]);
      await expect.element(page.getByRole('listitem').nth(2)).toHaveTextContent(HOME.name);
      await expect
        .element(page.getByRole('listitem').nth(1))
        .toHaveTextContent(text.chip.from.replace('{{name}}', '우리집'));

      // A write in the space (another member's change arriving) lists at once.
      await home.save('ledger', 'h2', undefined, { memo: 'groceries' });
      await expect.poll(rows).toContain(`groceries|${HOME.id}|true`);

      // A second space opens as a viewer's: its records are listed, not writable.
      const parents = await spaceVault(device, PARENTS.id);
      await parents.save('ledger', 'p1', undefined, { memo: 'flowers' });
      shelf.set([...shelf.spaces(), { tag: PARENTS, role: 'viewer', writable: false, vault: parents }]);
      await expect.poll(rows).toContain(`flowers|${PARENTS.id}|false`);
      await parents.save('ledger', 'p2', undefined, { memo: 'cake' });
      await expect.poll(rows).toContain(`cake|${PARENTS.id}|false`);

      // A space closing (the member removed) takes its records off the list.
      shelf.set(shelf.spaces().filter((space) => space.tag.id !== PARENTS.id));
      await expect.poll(rows).not.toContain(`cake|${PARENTS.id}|false`);

      // Moving the member's record into the space: saved there under a new id, gone from the member's vault.
      await page.getByRole('button', { name: 'move coffee' }).click();
      await expect.poll(rows).toContain(`coffee|${HOME.id}|true`);
      await expect.poll(rows).not.toContain('coffee|mine|true');
      expect(member.get('m1')).toBeUndefined();
      expect(home.get<Entry>(moved[0]!)?.value).toEqual({ memo: 'coffee' });
    },
  );
});

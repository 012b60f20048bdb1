// The conflict list of a shared space's records (docs/spaces-plan.md §3, "Who, when, conflicts"), in a real Chromium
// over a space's real keyed Vault (fake-indexeddb), in Korean and English: a conflict copy that names who made the
// other side (`conflictBy`) reads "<name>'s version · yours".
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import { render } from '../../../client/test/render.js';
import { DetailAccessProvider } from '../../access/DetailGate.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { AuthorNamesProvider } from '../../ui/spaces/record-authors.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { VaultProvider } from '../../vault/react.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { ConflictList } from './SyncViews.js';

const MEMBER = crypto.randomUUID();
const MOM = crypto.randomUUID();
const opened: Vault[] = [];

afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

/** A space epoch's keyed vault of MEMBER's on the device, as spacePlatform makes it, opened. */
async function spaceVault(): Promise<Vault> {
  const options = { indexedDB: new IDBFactory(), IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note('c'.repeat(32), 1);
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

/** The space's display names, as the spaces' views give them. */
const names = (lang: 'ko' | 'en') => (_vault: Vault, uid: string) =>
  uid === MOM ? (lang === 'ko' ? '엄마' : 'Mom') : undefined;

describe('the conflict list of a space', () => {
  for (const [lang, line, theirs, yours] of [
    ['ko', '엄마의 판 · 내 판', '엄마의 판', '내 판'],
    ['en', 'Mom’s version · yours', 'Mom’s version', 'Yours'],
  ] as const) {
    it(`reads "<name>'s version · yours" for a copy that names who made the other side (${lang})`, async () => {
      const vault = await spaceVault();
      await vault.save('event', 'e1', undefined, { title: 'Dinner' });
      await vault.save('event', 'copy', undefined, { title: 'Brunch', conflictOf: 'e1', conflictBy: MOM });
      render(
        <VaultProvider vault={vault}>
          <DetailAccessProvider>
            <AuthorNamesProvider names={names(lang)}>
              <ConflictList />
            </AuthorNamesProvider>
          </DetailAccessProvider>
        </VaultProvider>,
        { lang },
      );
      await expect.element(page.getByText(line, { exact: true })).toBeVisible();
      await expect.element(page.getByText(theirs, { exact: true })).toBeVisible();
      await expect.element(page.getByText(yours, { exact: true })).toBeVisible();
    });
  }
});

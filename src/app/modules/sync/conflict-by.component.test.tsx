// The conflict list of a shared space's records (docs/spaces-plan.md §3, "Who, when, conflicts"), in a real Chromium
// over a space's real keyed Vault (fake-indexeddb), in Korean and English: a conflict copy names who made the other
// side (`conflictBy`) and who made its own (`conflictFrom`), and each member's device reads each side as theirs or as
// the other member's — "Mom's version · Yours" on the device that made it, "Mom's version · Dad's version" on a third
// member's, "Yours · Dad's version" on Mom's.
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
const DAD = crypto.randomUUID();
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
  uid === MOM ? (lang === 'ko' ? '엄마' : 'Mom') : uid === DAD ? (lang === 'ko' ? '아빠' : 'Dad') : undefined;

/** The conflict list over a space vault holding `e1` and a copy of it marked `marks`. */
async function showConflict(lang: 'ko' | 'en', marks: { conflictBy: string; conflictFrom?: string }) {
  const vault = await spaceVault();
  await vault.save('event', 'e1', undefined, { title: 'Dinner' });
  await vault.save('event', 'copy', undefined, { title: 'Brunch', conflictOf: 'e1', ...marks });
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
}

const shown = (text: string) => expect.element(page.getByText(text, { exact: true })).toBeVisible();

describe('the conflict list of a space', () => {
  const cases = {
    ko: { mom: '엄마의 판', dad: '아빠의 판', yours: '내 판', thisOne: '이 판' },
    en: { mom: 'Mom’s version', dad: 'Dad’s version', yours: 'Yours', thisOne: 'This version' },
  };
  for (const lang of ['ko', 'en'] as const) {
    const { mom, dad, yours, thisOne } = cases[lang];
    it(`reads the copy as yours on the device that made it (${lang})`, async () => {
      await showConflict(lang, { conflictBy: MOM, conflictFrom: MEMBER });
      await shown(`${mom} · ${yours}`);
      await shown(mom);
      await shown(yours);
    });

    it(`names both members on a third member's device (${lang})`, async () => {
      await showConflict(lang, { conflictBy: MOM, conflictFrom: DAD });
      await shown(`${mom} · ${dad}`);
      await shown(dad);
    });

    it(`reads the other side as yours on the device of the member who made it (${lang})`, async () => {
      await showConflict(lang, { conflictBy: MEMBER, conflictFrom: DAD });
      await shown(`${yours} · ${dad}`);
    });

    it(`calls a copy that does not name its maker this version (${lang})`, async () => {
      await showConflict(lang, { conflictBy: MOM });
      await shown(`${mom} · ${thisOne}`);
    });
  }
});

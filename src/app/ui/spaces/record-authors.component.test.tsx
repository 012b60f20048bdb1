// Who added and who last changed a record of a shared space (docs/spaces-plan.md §3, "Who, when, conflicts"), in a
// real Chromium over a space's real keyed Vault (fake-indexeddb), in Korean and English: the line at the foot of the
// ledger's and the schedule's forms, which follows the vault's changes, and nothing for a record with no authors.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import { render } from '../../../client/test/render.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { AuthorNamesProvider, RecordAuthors, withSubject } from './record-authors.js';

const MEMBER = crypto.randomUUID();
const MOM = crypto.randomUUID();
const JIMIN = crypto.randomUUID();
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
  ({ [MOM]: lang === 'ko' ? '엄마' : 'Mom', [JIMIN]: lang === 'ko' ? '지민' : 'Jimin' })[uid];

/** Dec 3, 14:02 in the browser's own time zone (the footer shows the device's time). */
const DEC_3 = new Date(2026, 11, 3, 14, 2).getTime();

describe('the footer of a record in a space', () => {
  for (const [lang, expected] of [
    ['ko', '엄마가 추가 · 지민이 12월 3일 14:02에 수정'],
    ['en', 'Added by Mom · changed by Jimin on Dec 3, 14:02'],
  ] as const) {
    it(`names who added it and who changed it, and when (${lang})`, async () => {
      const vault = await spaceVault();
      await vault.database.authors.put({
        id: 'e1',
        addedBy: MOM,
        addedAt: DEC_3 - 86_400_000,
        changedBy: JIMIN,
        changedAt: DEC_3,
      });
      render(
        <AuthorNamesProvider names={names(lang)}>
          <RecordAuthors vault={vault} id="e1" />
        </AuthorNamesProvider>,
        { lang },
      );
      await expect.element(page.getByText(expected, { exact: true })).toBeVisible();
    });
  }

  it('follows a save here, naming this member, and shows nothing for a record with no authors', async () => {
    const vault = await spaceVault();
    await vault.save('event', 'e2', undefined, { title: 'Dinner' });
    const { container, rerender } = render(<RecordAuthors vault={vault} id="e2" />, { lang: 'ko' });
    await expect.element(page.getByText(/^내가 .+에 추가$/)).toBeVisible();
    // Jimin's change noted (as a change received notes it): the line follows at the vault's next change; with no
    // names given, he is "another member".
    await vault.database.authors.update('e2', { changedBy: JIMIN, changedAt: DEC_3 });
    await vault.save('event', 'e3', undefined, { title: 'Other' });
    await expect.element(page.getByText('내가 추가 · 다른 구성원이 12월 3일 14:02에 수정')).toBeVisible();
    rerender(<RecordAuthors vault={vault} id="nothing-here" />);
    await expect.poll(() => container.textContent).toBe('');
  });

  it('puts the Korean subject particle after the name', () => {
    expect([withSubject('엄마'), withSubject('지민'), withSubject('mom@example.com')]).toEqual([
      '엄마가',
      '지민이',
      'mom@example.com님이',
    ]);
  });
});

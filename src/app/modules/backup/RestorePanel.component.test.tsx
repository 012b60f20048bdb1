// Restoring a backup with shared spaces in it, in a real Chromium: the member's backup made by the app's real parts
// (their Vault and a space's keyed Vault over the browser's IndexedDB, the real cryptography), chosen as a file on a
// new device, opened with the master password. The screen tells, in the page's language, how many of the space's
// entries it left to the space the member is still in; a space they left comes back as their own.
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from '../../../client/test/render.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import { createBackup } from '../../backup/create.js';
import { FROM_SPACE } from '../../backup/restore.js';
import type { CopiedSpace } from '../../backup/space-copies.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { MIN_ITERATIONS, randomBytes, VaultCipher } from '../../vault/crypto.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { spaceStoreId } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { backupText } from './copy.js';
import { RestorePanel } from './RestorePanel.js';

const PASSWORD = 'restore panel master password';
const HOME: SpaceTag = { id: '3f'.repeat(16), name: '우리집', colour: 'coral' };
const TRIP: SpaceTag = { id: 'a0'.repeat(16), name: 'Jeju trip', colour: 'teal' };
const entry = (amount: number, memo: string) => ({
  date: '2026-11-02',
  type: 'expense',
  amount,
  currency: 'KRW',
  category: 'food',
  payment: 'card',
  memo,
});

const opened: Vault[] = [];
afterEach(async () => {
  for (const vault of opened.splice(0)) {
    await vault.destroy().catch(() => undefined);
    vault.close();
  }
});

function vaultOn(id: string, keyed = false): Vault {
  const vault = new Vault(id, {
    openStore: (store) => new VaultStore(store),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    ...(keyed ? { keyed: true } : {}),
  });
  opened.push(vault);
  return vault;
}

/** The member's backup (zip) with their own entry and two spaces', each space holding two entries. */
async function backupWithSpaces(): Promise<File> {
  const memberId = crypto.randomUUID();
  const member = vaultOn(memberId);
  await member.load();
  const header = await new VaultCipher().create(PASSWORD, MIN_ITERATIONS);
  expect(await member.joinSynced(header, PASSWORD)).toBe('ok');
  await member.save('ledger', 'coffee', undefined, entry(4500, '커피'));
  const spaces: CopiedSpace[] = [];
  for (const tag of [HOME, TRIP]) {
    const space = vaultOn(spaceStoreId(memberId, tag.id, 1), true);
    await space.openWithKey(randomBytes(32));
    await space.save('ledger', `${tag.id}-1`, undefined, entry(52000, `${tag.name} 장보기`));
    await space.save('ledger', `${tag.id}-2`, undefined, entry(9000, `${tag.name} 간식`));
    spaces.push({ tag, vault: space });
  }
  const blob = await createBackup(member, 'zip', { spaces: () => spaces });
  return new File([blob], 'mygenie-backup.zip', { type: 'application/zip' });
}

describe.each([
  { lang: 'ko' as const, left: '아직 함께 쓰는 공간의 항목 2개는 복원하지 않았습니다' },
  { lang: 'en' as const, left: '2 items of spaces you still share were not restored' },
])('restoring a backup with shared spaces, in $lang', ({ lang, left }) => {
  it('leaves the space the member is still in to the space, says so, and brings the other back as theirs', async () => {
    const file = await backupWithSpaces();
    const text = backupText[lang];
    // A new device: the member's vault is not here yet; the spaces service has opened 우리집 only.
    const fresh = vaultOn(crypto.randomUUID());
    expect(await fresh.load()).toBe('new');
    const home: CopiedSpace = { tag: HOME, vault: vaultOn(spaceStoreId('other', HOME.id, 1), true) };
    render(<RestorePanel vault={fresh} config={{ googleDrive: null }} shelf={{ spaces: () => [home] }} />, {
      lang,
    });

    await userEvent.upload(page.getByLabelText(text.fileLabel), file);
    await page.getByLabelText(text.password).fill(PASSWORD);
    await page.getByRole('button', { name: text.restore, exact: true }).click();

    const status = page.getByRole('status').filter({ hasText: text.restoredCounts });
    await expect.element(status).toHaveTextContent(left);
    // Counted without what was left: the member's entry and the trip's two.
    await expect.element(status).toHaveTextContent(lang === 'ko' ? '가계부 3' : 'Ledger 3');
    expect(fresh.state).toBe('unlocked');
    const memos = fresh
      .list<{ memo: string; [FROM_SPACE]?: string }>('ledger')
      .map((stored) => [stored.value.memo, stored.value[FROM_SPACE] ?? null])
      .sort();
    expect(memos).toEqual([
      ['Jeju trip 간식', 'Jeju trip'],
      ['Jeju trip 장보기', 'Jeju trip'],
      ['커피', null],
    ]);
  });
});

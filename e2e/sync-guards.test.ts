// Sync between a member's devices (issue 19), what it refuses and what it survives, with browser contexts as
// devices against the real server: changes the server altered, replayed or dropped, a session ended, a network
// dropped halfway through a document, three devices offline at once, and sync turned off on one device. (The
// vault reaching a second device and offline edits merging: sync.test.ts.)
import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { settingsText } from '../src/app/modules/settings/copy.js';
import { fill } from '../src/client/text.js';
import { errorMessage } from '../src/shared/i18n/error-message.js';
import { catalog } from '../src/shared/i18n/index.js';
import { signInContext } from './support/accounts.js';
import { browserSuite } from './support/suite.js';
import type { Lang } from './pages/site.js';
import {
  DETAIL,
  goOffline,
  MASTER,
  PASSWORD,
  reconnect,
  rewriteChanges,
  syncMember,
  type ChangesPage,
} from './pages/sync.js';

const suite = browserSuite();

// Each journey here names its language (e2e/bilingual.test.ts shows every screen in both).
const member = (lang: Lang, count: number, options: { blockServiceWorkers?: boolean } = {}) =>
  syncMember(suite, lang, count, options);

describe('sync refuses what does not check out', () => {
  it('holds a joining device at its first sync: a refused change shows why, and trying again opens the vault with its settings', async () => {
    const [a, b] = await member('ko', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Arrived', 'With the settings.');
    await a!.sent();
    let tamper = true;
    await rewriteChanges(b!.page, (body) => {
      const change = body.changes[0];
      if (tamper && change) {
        const bytes = Buffer.from(change.payload, 'base64');
        bytes[bytes.length - 5]! ^= 1;
        change.payload = bytes.toString('base64');
      }
    });
    await b!.openJoined();
    await b!.page.getByRole('heading', { name: b!.sync.join.arriving }).waitFor({ timeout: 30_000 });
    await b!.page.getByText(b!.sync.causes.refused).waitFor({ timeout: 30_000 });
    // Nothing of the app opens on defaults meanwhile, and a reload waits for the first sync again after the unlock.
    expect(await b!.app.nav().count()).toBe(0);
    await b!.page.reload();
    await b!.app.unlock(MASTER);
    await b!.page.getByText(b!.sync.causes.refused).waitFor({ timeout: 30_000 });
    expect(await b!.app.nav().count()).toBe(0);

    tamper = false;
    await b!.page.getByRole('button', { name: b!.sync.join.retry }).click();
    await b!.app.nav().waitFor({ timeout: 60_000 });
    // The detail password set on the first device is asked at once (not the default 0000).
    await b!.app.enterDetailPassword(DETAIL);
    await b!.page.getByText('Arrived').waitFor();
    // Once arrived, it opens at once after an unlock.
    await b!.page.reload();
    await b!.app.unlock(MASTER);
    await b!.app.nav().waitFor({ timeout: 30_000 });
  });

  it('refuses a changed, a replayed and a dropped change from the server, applies nothing of it, and recovers', async () => {
    const [a, b] = await member('en', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('First', 'One.');
    await a!.sent();
    let seen: ChangesPage['changes'] = [];
    let attack: ((page: ChangesPage) => void) | null = null;
    await rewriteChanges(b!.page, (body) => {
      if (attack && body.changes.length > 0) attack(body);
      else seen = [...seen, ...body.changes];
    });
    await b!.join();
    await b!.page
      .getByText('First')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `${String(error)}; the phone's sync: ${await b!.page.locator('.sync-badge').getAttribute('title')}`,
        );
      });
    expect(seen.length).toBeGreaterThan(0);
    const refusedOnB = async (title: string) => {
      await b!.badge(b!.sync.badge.error);
      await b!.app.go('settings');
      await b!.page.getByText(b!.sync.causes.refused).waitFor();
      await b!.app.go('diary');
      await b!.page.getByText('First').waitFor();
      expect(await b!.page.getByText(title).count()).toBe(0);
    };

    // Altered: one byte of the sealed record.
    attack = (page) => {
      const change = page.changes[0]!;
      const bytes = Buffer.from(change.payload, 'base64');
      bytes[bytes.length - 5]! ^= 1;
      change.payload = bytes.toString('base64');
    };
    await a!.addDiary('Second', 'Two.');
    await a!.sent();
    await b!.page.getByRole('button', { name: b!.sync.badge.error, exact: false }).waitFor();
    await refusedOnB('Second');

    // Replayed: a change already applied, sent again before the new one.
    attack = (page) => {
      page.changes.unshift({ ...seen.at(-1)!, at: page.changes[0]!.at - 1 });
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Second');
    attack = (page) => {
      page.changes.unshift({ ...seen.at(-1)! });
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Second');

    // Dropped: the first of two new changes held back.
    await a!.addDiary('Third', 'Three.');
    await a!.sent();
    attack = (page) => {
      if (page.changes.length > 1) page.changes.shift();
    };
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await refusedOnB('Third');

    // The server honest again: everything arrives, once.
    attack = null;
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.now }).click();
    await b!.badge(b!.sync.badge.synced);
    await b!.app.go('diary');
    for (const title of ['First', 'Second', 'Third']) {
      await b!.page.getByText(title, { exact: true }).waitFor();
      expect(await b!.page.getByText(title, { exact: true }).count()).toBe(1);
    }
  });
});

describe('sync and sessions', () => {
  it('stops at once on a device whose session was ended, and a sync logout leaves nothing of the vault', async () => {
    const [a, b] = await member('ko', 2);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('Before', 'Seen by both.');
    await a!.sent();
    await b!.join();
    await b!.page.getByText('Before').waitFor();

    // The laptop ends the phone's session from its device list.
    const ended = await a!.page.evaluate(async () => {
      const { sessions } = (await (await fetch('/api/sessions')).json()) as {
        sessions: Array<{ id: string; current: boolean }>;
      };
      const other = sessions.find((session) => !session.current)!;
      return (await fetch(`/api/sessions/${other.id}`, { method: 'DELETE' })).status;
    });
    expect(ended).toBe(204);
    await b!.badge(b!.sync.badge.error);
    await a!.addDiary('After', 'Not for the ended session.');
    await a!.sent();
    // The server refuses the ended session whatever it asks, so nothing written since can reach the phone.
    const refused = await b!.page.evaluate(async () => (await fetch('/api/sync/changes?after=0')).status);
    expect(refused).toBe(401);
    expect(await b!.page.getByText('After').count()).toBe(0);

    // The laptop logs out: what it had unsent goes up first, then its vault is gone from the browser.
    await a!.addDiary('Last words', 'Written just before logging out.');
    await a!.page.getByRole('button', { name: a!.app.text.header.logout }).click();
    await a!.page.waitForURL(/\/\?lang=ko/);
    const databases = await a!.page.evaluate(async () =>
      (await indexedDB.databases()).map((db) => db.name).filter((name) => name?.startsWith('mygenie-vault-')),
    );
    expect(databases).toEqual([]);

    // Signed in again, the vault comes back from the server, the last entry with it.
    await signInContext(suite.server, a!.context, a!.email, PASSWORD);
    await a!.join();
    await a!.page.getByText('Last words').waitFor();
  });
});

describe('documents in sync', () => {
  it('sends a document chunk by chunk, resumes after the network drops halfway, and the other device gets the same bytes', async () => {
    const [a, b] = await member('en', 2, { blockServiceWorkers: true });
    const documents = documentsText.en;
    await a!.startSyncing();
    await b!.join();
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 1234);
    // The network drops once two chunks have been sent: the rest fail.
    let puts = 0;
    const stored: string[] = [];
    await a!.page.route('**/api/sync/chunks/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      puts += 1;
      if (puts > 2) return route.abort('internetdisconnected');
      const response = await route.fetch();
      if (response.status() === 204) stored.push(route.request().url());
      return route.fulfill({ response });
    });
    await a!.app.go('documents');
    await a!.page.locator('input[type="file"]').setInputFiles({
      name: 'scan.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await a!.page.getByText(fill(documents.upload.added, { name: 'scan.bin' })).waitFor();
    await expect.poll(() => puts, { timeout: 30_000 }).toBeGreaterThan(2);
    // Back: handlers still running (a chunk's answer on its way) end before the route goes, so none of them answers a
    // request the network already took.
    await a!.page.unrouteAll({ behavior: 'wait' });
    expect(stored.length).toBeGreaterThan(0);
    // Back: the next run sends only the chunks the server does not hold.
    const resumed: string[] = [];
    a!.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/sync/chunks/'))
        resumed.push(request.url());
    });
    await a!.sent();
    // Only what the server did not hold went again (a 3 MB file: four chunks).
    expect(resumed.length).toBeLessThanOrEqual(4 - stored.length);
    expect(resumed.filter((url) => stored.includes(url))).toEqual([]);

    await b!.app.go('documents');
    const button = b!.page.getByRole('button', {
      name: fill(documents.list.downloadOf, { name: 'scan.bin' }),
    });
    // Told of the change, the phone fetches the record and its chunks (slow on a loaded machine: allow a minute).
    await button.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      throw new Error(
        `${String(error)}; the phone's sync: ${await b!.page.locator('.sync-badge').getAttribute('title')}`,
      );
    });
    const [download] = await Promise.all([b!.page.waitForEvent('download'), button.click()]);
    const received = await fs.readFile((await download.path())!);
    expect(crypto.createHash('sha256').update(received).digest('hex')).toBe(
      crypto.createHash('sha256').update(bytes).digest('hex'),
    );
  });
});

describe('sync with three devices', () => {
  it('three devices offline at once, each editing, end with the same vault', async () => {
    const [a, b, c] = await member('ko', 3);
    await a!.startSyncing();
    await a!.app.go('diary');
    await a!.addDiary('공유 일기', '처음 내용.');
    await a!.sent();
    await b!.join();
    await c!.join();
    // The diary's code is fetched before the network goes (these tests keep the app's service worker out).
    for (const device of [b!, c!]) await device.page.getByText('공유 일기').waitFor();
    await goOffline(a!, b!, c!);
    await a!.editDiary('공유 일기', { title: '함께 쓴 일기' });
    await b!.editDiary('공유 일기', { body: '둘째 기기가 고친 내용.' });
    await c!.addDiary('셋째 기기', '오프라인에서 씀.');
    await b!.addDiary('둘째 기기', '이것도 오프라인.');
    await reconnect(c!, a!, b!);
    for (const device of [a!, b!, c!]) {
      await device.app.go('diary');
      await device.page.getByText('함께 쓴 일기').waitFor({ timeout: 20_000 });
      await device.page.getByText('둘째 기기가 고친 내용.').waitFor({ timeout: 20_000 });
      await device.page.getByText('오프라인에서 씀.').waitFor({ timeout: 20_000 });
      await device.page.getByText('이것도 오프라인.').waitFor({ timeout: 20_000 });
    }
    const shown = await a!.shown('diary');
    expect(await b!.shown('diary')).toBe(shown);
    expect(await c!.shown('diary')).toBe(shown);
  });
});

describe('a new master password on a synced vault (issue 43)', () => {
  it('asks the account password beside it, refuses a wrong one, and the other device takes the new one', async () => {
    const lang: Lang = 'en';
    const settings = settingsText[lang];
    const [laptop, phone] = await member(lang, 2);
    const [a, b] = [laptop!, phone!];
    await a.startSyncing();
    await b.join();
    expect((await b.held()).headerVersion).toBe(1);

    await a.app.go('settings');
    const master = a.page.getByRole('region', { name: settings.master.heading });
    const next = `${MASTER} renewed`;
    await master.getByLabel(settings.master.current, { exact: true }).fill(MASTER);
    await master.getByLabel(settings.master.next, { exact: true }).fill(next);
    await master.getByLabel(settings.master.confirm, { exact: true }).fill(next);
    // Synced: the account password is asked too, and a wrong one changes nothing.
    const account = master.getByLabel(settings.master.account, { exact: true });
    await master.getByRole('button', { name: settings.master.submit }).click();
    await master.getByText(settings.master.accountRequired).waitFor();
    await account.fill('not my password 1');
    await master.getByRole('button', { name: settings.master.submit }).click();
    await master.getByText(catalog[lang].errors['auth/wrong-password']).waitFor();
    expect((await a.held()).headerVersion).toBe(1);
    await account.fill(PASSWORD);
    await master.getByRole('button', { name: settings.master.submit }).click();
    await a.app.toast(settings.master.changed);

    // The phone hears of it and takes the new header: the old master password opens nothing there now.
    await expect.poll(async () => (await b.held()).headerVersion, { timeout: 20_000 }).toBe(2);
    await b.app.lock();
    await b.app.unlock(MASTER);
    await b.page.getByText(b.app.text.unlock.wrong).waitFor();
    await b.app.unlock(next);
    await b.app.nav().waitFor();
  });
});

describe('sync off on one device', () => {
  it('keeps the vault local while off, and catches up when turned on again', async () => {
    const [a, b] = await member('en', 2);
    await a!.startSyncing('settings');
    await b!.join();
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.turnOff }).click();
    await b!.page.getByRole('alertdialog').getByRole('button', { name: b!.sync.panel.turnOff }).click();
    await b!.page.getByText(b!.sync.panel.off).waitFor();
    // Off: no state in the header; the other device no longer lists it.
    expect(await b!.page.locator('.sync-badge').count()).toBe(0);
    await a!.app.go('settings');
    const list = a!.page.getByRole('list', { name: a!.sync.panel.devices });
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);

    await a!.app.go('diary');
    await b!.app.go('diary');
    const news = await b!.news();
    await a!.addDiary('While off', 'Not on the phone yet.');
    await a!.sent();
    await news.until('sync');
    expect(await b!.page.getByText('While off').count()).toBe(0);

    // On again: the same vault (its header checks out here), joined again, caught up.
    await b!.app.go('settings');
    await b!.page.getByRole('button', { name: b!.sync.panel.turnOn }).click();
    await b!.badge(b!.sync.badge.synced);
    await b!.app.go('diary');
    await b!.page.getByText('While off').waitFor({ timeout: 20_000 });

    // Removed from the list on the other device (a lost phone): it stops syncing, and says why.
    await a!.app.go('settings');
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    const other = list.getByRole('listitem').filter({ hasNotText: a!.sync.panel.thisDevice });
    await other.getByRole('button', { name: a!.sync.panel.remove }).click();
    await a!.page.getByRole('alertdialog').getByRole('button', { name: a!.sync.panel.remove }).click();
    await a!.app.toast(a!.sync.panel.removed);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
    // The phone hears of it on the event stream, without being asked to sync.
    await b!.app.go('settings');
    await b!.page.getByText(errorMessage('en', 'sync/unknown-device')).first().waitFor({ timeout: 20_000 });
    await a!.app.go('diary');
    const heard = await b!.news();
    await a!.addDiary('After removal', 'Not for the phone.');
    await a!.sent();
    await heard.until('sync');
    await b!.app.go('diary');
    expect(await b!.page.getByText('After removal').count()).toBe(0);
  });
});

// Backups to the member's own drives in a real Chromium: a real WebDAV server (through our relay) and a local
// stand-in that speaks Google's OAuth and Drive v3 REST; each drive's refusals as messages in the member's
// language with nothing lost; restore on a second device; and the daily automatic backup.
import { afterAll, describe, expect, it } from 'vitest';
import { plural } from '../src/shared/plural.js';
import { backupText } from '../src/app/modules/backup/copy.js';
import { startGoogleDriveStandin, type GoogleDriveStandin } from '../src/server/test/google-drive.js';
import { startWebdavDrive, type WebdavDrive } from '../src/server/test/webdav-drive.js';
import type { AppModel } from './pages/app.js';
import { addDiaryEntry, members } from './pages/members.js';
import { browserSuite } from './support/suite.js';

const MASTER = 'Drive master key 2026!';
let webdav: WebdavDrive | undefined;
let google: GoogleDriveStandin | undefined;

const suite = browserSuite(async () => {
  webdav = await startWebdavDrive();
  google = await startGoogleDriveStandin();
  return {
    ALLOW_PRIVATE_ADDRESSES: 'true',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_API_URL: google.apiUrl,
  };
});
afterAll(async () => {
  await webdav?.close();
  await google?.close();
});
const { member, device } = members(suite, 'drives');
const drive = () => webdav!;
const standin = () => google!;

async function vaultWithEntry(app: AppModel, title: string) {
  await app.startVault('diary', MASTER, '2468');
  await addDiaryEntry(app, title);
  await app.go('settings');
}

async function restoreOnNewDevice(app: AppModel, pick: () => Promise<void>, title: string) {
  const text = backupText[app.lang];
  await app.open('diary');
  await app.page.getByText(text.restoreTitle).click();
  await pick();
  await app.page.getByRole('button', { name: text.choose }).first().click();
  await app.page.getByLabel(text.password, { exact: true }).fill(MASTER);
  await app.page.getByRole('button', { name: text.restore, exact: true }).click();
  await app.nav().waitFor();
  await app.enterDetailPassword('0000');
  await app.changeDefaultDetailPassword('9999');
  await app.page.getByText(title).waitFor();
}

describe('WebDAV drive', () => {
  it('checks the drive, backs up, shows a full drive and a dropped connection, and restores on another device (ko)', async () => {
    const text = backupText.ko;
    const email = await member('ko');
    const app = await device('ko', email);
    const page = app.page;
    await vaultWithEntry(app, '드라이브에 백업한 일기');
    await page.getByLabel(text.target).selectOption({ label: text.targets.webdav });

    // Before the drive is set up, a backup names what is missing.
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.webdav.missing).waitFor();

    await page.getByLabel(text.webdav.url).fill(drive().url);
    await page.getByLabel(text.webdav.user).fill(drive().username);
    await page.getByLabel(text.webdav.password, { exact: true }).fill('틀린 앱 비밀번호');
    await page.getByRole('button', { name: text.webdav.save }).click();
    await page.getByText(text.problems['drive-unauthorized']).waitFor();
    // Filled in but not saved: "back up now" checks and saves the drive itself, then backs up, and the count on
    // the drive follows.
    await page.getByLabel(text.webdav.password, { exact: true }).fill(drive().password);
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.last.split('{{date}}')[0]!.trim()).waitFor();
    await page.getByText(plural(text.webdav.onDrive, 1, 'ko')).waitFor();
    const saved = await drive().list('/remote.php/dav/MyGenie');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^mygenie-backup-.*\.zip$/);
    const bytes = await drive().read(`/remote.php/dav/MyGenie/${saved[0]}`);
    expect(bytes?.length).toBeGreaterThan(100);
    expect(bytes?.toString('latin1')).not.toContain('드라이브에 백업한 일기');

    drive().fault = 'full';
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['drive-full']).waitFor();
    drive().fault = 'drop';
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['drive-unreachable']).waitFor();
    drive().fault = 'none';
    expect(await drive().list('/remote.php/dav/MyGenie')).toEqual(saved);

    // A new device: nothing saved there yet, so the drive's details are asked for the restore.
    const second = await device('ko', email);
    await restoreOnNewDevice(
      second,
      async () => {
        await second.page.getByRole('button', { name: text.from.webdav }).click();
        await second.page.getByLabel(text.webdav.url).fill(drive().url);
        await second.page.getByLabel(text.webdav.user).fill(drive().username);
        await second.page.getByLabel(text.webdav.password, { exact: true }).fill(drive().password);
        await second.page.getByRole('button', { name: text.webdav.show }).click();
      },
      '드라이브에 백업한 일기',
    );
  });
});

describe('Google Drive', () => {
  it('connects through OAuth, backs up to the app folder, reports a full drive and an ended connection, and restores on another device (en)', async () => {
    const text = backupText.en;
    const email = await member('en');
    const app = await device('en', email);
    const page = app.page;
    await vaultWithEntry(app, 'Kept in Google Drive');
    await page.getByLabel(text.target).selectOption({ label: text.targets.gdrive });
    await page.getByText(text.gdrive.notConnected).waitFor();
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['drive-signed-out']).waitFor();

    standin().deny = true;
    await page.getByRole('button', { name: text.gdrive.connect }).click();
    await page.getByText(text.gdrive.problems.denied).waitFor();
    standin().deny = false;
    await page.getByRole('button', { name: text.gdrive.connect }).click();
    await page.getByText(text.gdrive.connected).waitFor();

    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.last.split('{{date}}')[0]!.trim()).waitFor();
    const files = [...standin().files.values()];
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toMatch(/^mygenie-backup-.*\.zip$/);
    expect(files[0]!.parents).toEqual(['appDataFolder']);
    expect(files[0]!.bytes.toString('latin1')).not.toContain('Kept in Google Drive');

    standin().fault = 'full';
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['drive-full']).waitFor();
    standin().fault = 'expired';
    await page.getByRole('button', { name: text.backUp }).click();
    await page.getByText(text.problems['drive-signed-out']).waitFor();
    standin().fault = 'none';
    expect(standin().files.size).toBe(1);

    const second = await device('en', email);
    await restoreOnNewDevice(
      second,
      async () => {
        await second.page.getByRole('button', { name: text.from.gdrive }).click();
        await second.page.getByRole('button', { name: text.gdrive.connect }).click();
      },
      'Kept in Google Drive',
    );
  });
});

describe('automatic backup', () => {
  it('backs up once a day on its own and shows when (en)', async () => {
    const text = backupText.en;
    const email = await member('en');
    const app = await device('en', email);
    const page = app.page;
    await vaultWithEntry(app, 'Backed up without asking');
    const backups = async () =>
      (
        (await (await page.request.get(`${suite.server.url}/api/documents`)).json()) as {
          documents: Array<{ name: string }>;
        }
      ).documents.filter((document) => document.name.startsWith('mygenie-backup-'));
    expect(await backups()).toHaveLength(0);
    await page.getByLabel(text.target).selectOption({ label: text.targets.account });
    // The choice is saved in the vault, so the box follows a moment after the click.
    await page.getByLabel(text.auto.label).click();
    await expect.poll(() => page.getByLabel(text.auto.label).isChecked()).toBe(true);
    await page
      .getByText(text.lastAuto.split('{{date}}')[1]!.replace('{{target}}', text.places.account))
      .waitFor();
    await expect.poll(async () => (await backups()).length).toBe(1);

    // A day has not passed: opening the app again does not back up again.
    await page.reload();
    await app.unlock(MASTER);
    await page.waitForTimeout(2500);
    expect(await backups()).toHaveLength(1);
  });
});

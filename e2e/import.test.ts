// Import and export through the screen in a real Chromium (issue 34), in Korean and English: one file of each family
// (a password manager's, a statement, a calendar, a journal) recognised by its bytes, previewed, imported all at
// once, imported again adding nothing; a wrong password said so; and each export read back by the importers.
import fs from 'node:fs';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importBitwardenJson } from '../src/app/modules/import/formats/passwords/bitwarden.js';
import { nodeProtectedExport } from '../src/app/modules/import/fixtures/passwords/bitwarden-node.js';
import { importText } from '../src/app/modules/import/copy.js';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { formatMoney } from '../src/app/modules/ledger/model/format.js';
import { plural } from '../src/shared/plural.js';
import { isoToday, timeLabel } from '../src/app/format.js';
import { toSolarDate } from '../src/app/calendar/lunar.js';
import { toIsoDate } from '../src/app/calendar/plain-date.js';
import { documentsText } from '../src/app/modules/documents/copy.js';
import { diaryText } from '../src/app/modules/memo/copy.js';
import { syncText } from '../src/app/modules/sync/copy.js';
import { fill } from '../src/client/text.js';
import { localeOf } from '../src/shared/text.js';
import { browserSuite } from './support/suite.js';
import { members } from './pages/members.js';
import { ImportModel } from './pages/import.js';
import { ScheduleModel } from './pages/schedule.js';
import type { Lang } from './pages/site.js';

const suite = browserSuite();

/** This file's journeys run in English: the files alternate, and e2e/bilingual.test.ts shows every screen in both. */
const lang: Lang = 'en';
const { member, device } = members(suite, 'import');
const fixtures = path.resolve(import.meta.dirname, '../src/app/modules/import/fixtures');
const MASTER = 'Import master key 2026!';
const FILE_PASSWORD = '내보내기 비밀번호 2026';

async function openImport(lang: 'ko' | 'en', from: 'settings' | 'empty list' = 'settings') {
  const app = await device(lang, await member(lang));
  await app.startVault('personal', MASTER, '2468');
  const screen = new ImportModel(app);
  if (from === 'settings') await screen.open();
  else await screen.openFromEmptyList();
  return { app, screen, page: app.page };
}

describe(`import and export in ${lang}`, () => {
  const text = importText[lang];

  it("opens Bitwarden's password-protected JSON with its password, imports it once, and exports it back", async () => {
    const { app, screen, page } = await openImport(lang);
    const plain = fs.readFileSync(path.join(fixtures, 'passwords/bitwarden.json'), 'utf8');
    const expected = await importBitwardenJson(new TextEncoder().encode(plain), {});
    const count = expected.items.length;
    const file = {
      name: 'bitwarden_export.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        nodeProtectedExport(plain, FILE_PASSWORD, 'c2FsdC1mb3ItdGhlLWUyZQ==', {
          kdfType: 0,
          kdfIterations: 100_000,
        }),
      ),
    };
    await screen.choose(file);
    await page.getByRole('heading', { name: text.password.heading }).waitFor();
    await screen.givePassword('not the password');
    await page.getByText(text.password.wrong).waitFor();
    await screen.givePassword(FILE_PASSWORD);
    // The preview: what comes in, and what is left out and why.
    await screen.preview().getByText(screen.count('personal', count)).waitFor();
    await expect.poll(() => screen.preview().innerText()).toContain('네이버');
    await screen.preview().getByText(text.preview.skipped, { exact: false }).click();
    await screen.preview().getByText(text.preview.reasons['security-code']).waitFor();
    await screen.importAll(count);

    await app.go('personal');
    await page.getByText('KB국민은행 인터넷뱅킹').first().waitFor();
    await expect.poll(() => page.locator('main').innerText()).toContain('네이버');

    // The same file again adds nothing, and says so.
    await screen.open();
    await screen.choose(file);
    await screen.givePassword(FILE_PASSWORD);
    await screen.preview().getByText(text.preview.nothingNew).waitFor();
    await expect(screen.importButton(0).isDisabled()).resolves.toBe(true);

    // Exported as Bitwarden's password-protected JSON, the file reads back as the records already here.
    await page.getByRole('button', { name: text.cancel }).click();
    const download = await screen.exportFile('bitwarden-json', MASTER, 'export password 2026');
    const exported = fs.readFileSync((await download.path())!);
    expect(JSON.parse(exported.toString('utf8'))).toMatchObject({ encrypted: true, passwordProtected: true });
    await screen.choose({ name: 'mygenie.json', mimeType: 'application/json', buffer: exported });
    await screen.givePassword('export password 2026');
    await screen.preview().getByRole('heading', { name: text.preview.heading }).waitFor();
    expect(await screen.preview().innerText()).toContain(text.preview.nothingNew);
  });

  it('maps a Toss Bank statement by its preset, imports it, and offers to skip it the second time', async () => {
    const { app, screen, page } = await openImport(lang);
    const ledger = ledgerText[lang];
    // The fixture's rows, dated this month (the ledger opens on it).
    const month = isoToday().slice(0, 7).replace('-', '.');
    const file = {
      name: '토스뱅크_거래내역.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        fs
          .readFileSync(path.join(fixtures, 'money/tossbank-2026-08.csv'), 'utf8')
          .replaceAll('2026.08.', `${month}.`),
      ),
    };
    await screen.choose(file);
    await page.getByRole('heading', { name: text.mapper.heading }).waitFor();
    await page.getByText(text.mapper.preset.replace('{{name}}', text.mapper.presets.tossbank)).waitFor();
    await page.getByRole('button', { name: text.mapper.apply }).click();
    const preview = screen.preview();
    await preview.getByRole('heading', { name: text.preview.heading }).waitFor();
    const counts = await preview.locator('.import-preview__counts').innerText();
    const count = Number(/\d+/.exec(counts)![0]);
    expect(count).toBeGreaterThanOrEqual(4);
    await expect.poll(() => preview.innerText()).toContain('스타벅스 성수역점');
    // Remembering the mapping changed nothing else of the settings, and says nothing of a clash.
    expect(await page.getByText(syncText[lang].notices['setting-replaced']).count()).toBe(0);
    await screen.importAll(count);
    await app.go('ledger');
    const entry = page.locator('main .ledger-entry', { hasText: '스타벅스 성수역점' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain(formatMoney(4_500, 'KRW', lang));
    // The statement's time of day is kept and shown beside the date.
    expect(await entry.locator('.list__meta').innerText()).toContain(timeLabel('20:32', localeOf(lang)));
    expect(await page.locator('main').innerText()).not.toContain(ledger.categories.food + ' 잔액 확인');

    // Again: the mapping is remembered, and every entry is already there (offered as "skip duplicates").
    await screen.open();
    await screen.choose(file);
    await page.getByText(text.mapper.remembered).waitFor();
    await page.getByRole('button', { name: text.mapper.apply }).click();
    await preview.getByLabel(plural(text.preview.skipDuplicates, count, lang)).waitFor();
    await preview.getByText(text.preview.nothingNew).waitFor();
  });

  it('brings an Apple or Google calendar into the schedule once, and exports it as .ics that reads back', async () => {
    const { app, screen, page } = await openImport(lang);
    const file = path.join(fixtures, 'calendar/google.ics');
    await screen.choose(file);
    const preview = screen.preview();
    await preview.getByRole('heading', { name: text.preview.heading }).waitFor();
    const count = Number(/\d+/.exec(await preview.locator('.import-preview__counts').innerText())![0]);
    expect(count).toBeGreaterThan(0);
    await screen.importAll(count);
    await screen.choose(file);
    await preview.getByText(text.preview.nothingNew).waitFor();
    await page.getByRole('button', { name: text.cancel }).click();
    const download = await screen.exportFile('ics', MASTER);
    const exported = fs.readFileSync((await download.path())!);
    expect(exported.toString('utf8')).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await screen.choose({ name: 'schedule.ics', mimeType: 'text/calendar', buffer: exported });
    await preview.getByText(text.preview.nothingNew).waitFor();
    await app.go('schedule');
  });

  it('imports a Day One journal with its photo linked to the entry, and refuses a file of another kind', async () => {
    // A new member finds the screen from the empty personal info list.
    const { app, screen, page } = await openImport(lang, 'empty list');
    const journal = {
      metadata: { version: '1.0' },
      entries: [
        {
          uuid: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
          creationDate: `${isoToday()}T03:32:00Z`,
          timeZone: 'Asia/Seoul',
          text: '# 제주 여행\n\n바다가 맑았다. ![](dayone-moment://P1)',
          tags: ['여행', '가족'],
          starred: true,
          photos: [{ identifier: 'P1', md5: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', type: 'jpeg' }],
        },
      ],
    };
    const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    const zip = zipSync({
      'Journal.json': strToU8(JSON.stringify(journal)),
      'photos/0f1e2d3c4b5a69788796a5b4c3d2e1f0.jpeg': photo,
    });
    await screen.choose({
      name: 'Export-Journal.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });
    const preview = screen.preview();
    await preview.getByText(screen.count('memo', 1)).waitFor();
    await preview.getByText(plural(text.preview.files, 1, lang)).waitFor();
    await screen.importAll(1);
    await app.go('diary');
    // The entry, opened, shows its photo as an attachment that opens in the documents' preview.
    await page.getByRole('button', { name: fill(diaryText[lang].read, { title: '제주 여행' }) }).click();
    const attachments = page.getByRole('region', { name: documentsText[lang].linked.heading });
    await attachments.getByRole('button').first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // A picture is not an import: said in the member's language, nothing added.
    await screen.open();
    await screen.choose({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(photo) });
    await expect.poll(() => screen.failure().innerText()).toBe(text.errors.unsupported);
  });
});

describe('a lunar birthday through .ics both ways, in Korean', () => {
  const text = importText.ko;

  it('reads another app’s RSCALE rule as a lunar yearly event, and writes it back with RSCALE and ten years of dates', async () => {
    const { app, screen, page } = await openImport('ko');
    // 2025-09-29 is lunar 8/8; another app writes the yearly lunar rule of RFC 7529.
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Another app//KO',
      'BEGIN:VEVENT',
      'UID:mom-birthday@example.com',
      'DTSTAMP:20250101T000000Z',
      'DTSTART;VALUE=DATE:20250929',
      'RRULE:RSCALE=DANGI;FREQ=YEARLY',
      'SUMMARY:엄마 생신',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await screen.choose({ name: 'birthday.ics', mimeType: 'text/calendar', buffer: Buffer.from(file) });
    const preview = screen.preview();
    await preview.getByRole('heading', { name: text.preview.heading }).waitFor();
    await screen.importAll(1);

    // On the schedule, next year's birthday falls on lunar 8/8 of that year.
    const nextYear = Number(isoToday().slice(0, 4)) + 1;
    const solar = toIsoDate(toSolarDate({ year: nextYear, month: 8, day: 8, leap: false })!);
    await app.go('schedule');
    const schedule = new ScheduleModel(app);
    await schedule.select(solar);
    await schedule.listed('엄마 생신').waitFor();

    // Exported, it keeps the rule in the Korean calendar and lists its solar dates for calendars that ignore RSCALE.
    await screen.open();
    const download = await screen.exportFile('ics', MASTER);
    const exported = fs.readFileSync((await download.path())!).toString('utf8');
    expect(exported).toMatch(/\r\nRRULE:RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=8;SKIP=BACKWARD\r\n/);
    expect(exported).toContain(solar.replaceAll('-', ''));
    // Read back, it is the same event: nothing new.
    await screen.choose({ name: 'schedule.ics', mimeType: 'text/calendar', buffer: Buffer.from(exported) });
    await preview.getByText(text.preview.nothingNew).waitFor();
    await page.getByRole('button', { name: text.cancel }).click();
  });
});

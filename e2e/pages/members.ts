// Members and their devices for the app's browser tests: a verified account, a signed-in browser context per
// device, and a diary entry to look for after a restore.
import { diaryText } from '../../src/app/modules/memo/copy.js';
import { personalText } from '../../src/app/modules/personal/copy.js';
import { createAccount, signInContext } from '../support/accounts.js';
import type { BrowserSuite } from '../support/suite.js';
import { AppModel } from './app.js';
import type { Lang } from './site.js';

export const MEMBER_PASSWORD = 'member-password-1';

let counter = 0;

export function members(suite: BrowserSuite, prefix: string) {
  return {
    async member(lang: Lang): Promise<string> {
      counter += 1;
      const email = `${prefix}-${lang}-${counter}.${Date.now()}@example.com`;
      await createAccount(suite.server, email, MEMBER_PASSWORD);
      return email;
    },
    async device(lang: Lang, email: string): Promise<AppModel> {
      const context = await suite.newContext({
        locale: lang === 'ko' ? 'ko-KR' : 'en-US',
        acceptDownloads: true,
      });
      await signInContext(suite.server, context, email, MEMBER_PASSWORD);
      return new AppModel(await context.newPage(), lang, suite.server.url);
    },
  };
}

export async function addDiaryEntry(app: AppModel, title: string): Promise<void> {
  const diary = diaryText[app.lang];
  await app.page.getByRole('button', { name: diary.add }).click();
  const form = app.dialog(diary.form.add);
  await form.getByLabel(diary.form.title).fill(title);
  await form.getByRole('button', { name: app.text.save }).click();
  await form.waitFor({ state: 'detached' });
}

/** A bank account in personal info (the personal screen open): saved, and its card then opened. */
export async function addBankAccount(app: AppModel, title: string, accountNumber: string): Promise<void> {
  const personal = personalText[app.lang];
  await app.page.getByRole('button', { name: personal.add, exact: true }).click();
  const form = app.dialog(personal.form.addTitle);
  await form.getByLabel(personal.form.kind).selectOption({ label: personal.kinds.bank });
  await form.getByLabel(personal.form.title).fill(title);
  await form.getByLabel(personal.fields.bank.bankName).fill('Genie Bank');
  await form.getByLabel(personal.fields.bank.accountNumber).fill(accountNumber);
  await form.getByRole('button', { name: app.text.save }).click();
  await form.waitFor({ state: 'detached' });
}

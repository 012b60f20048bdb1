// Members and their devices for the app's browser tests: a verified account, a signed-in browser context per
// device, and a diary entry to look for after a restore.
import { diaryText } from '../../src/app/modules/memo/copy.js';
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

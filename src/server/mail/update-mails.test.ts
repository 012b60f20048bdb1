// Update e-mails for a new latest program, the one-click opt-out, and member inquiries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, type TestApp } from '../test/harness.js';

const ADMIN = 'admin@example.com';
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: ADMIN, SUPPORT_EMAIL: 'help@mygenie.test' });
  admin = await signedInMember(t, ADMIN);
});
afterAll(async () => {
  await t.close();
});

function publish(query: Record<string, string>) {
  const params = new URLSearchParams({
    name: 'MyGenie',
    description: 'Desktop app',
    version: '2.0',
    filename: 'MyGenie.zip',
    ...query,
  });
  return t.app.inject({
    method: 'PUT',
    url: `/api/files?${params}`,
    payload: Buffer.from('program bytes'),
    headers: { origin: t.origin, cookie: admin, 'content-type': 'application/octet-stream' },
  });
}

async function updateMailsTo(email: string) {
  await t.updateMails.run();
  await t.accounts.settle();
  return (await t.mails()).filter((mail) => mail.to === email && /Version|버전/.test(mail.subject));
}

describe('update e-mails', () => {
  it('reach each verified member once, in their language, with an opt-out link', async () => {
    const korean = `ko.${Date.now()}@example.com`;
    const english = `en.${Date.now()}@example.com`;
    await signedInMember(t, korean);
    await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: english, password: 'member password 1', lang: 'en' },
    });
    const verify = await t.mailTo(english);
    await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: verify.token, password: 'member password 1' },
    });
    const unverified = `unverified.${Date.now()}@example.com`;
    await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: unverified, password: 'member password 1' },
    });

    expect((await publish({ latest: 'true', version: '2.0' })).statusCode).toBe(201);
    const [toKorean, ...moreKorean] = await updateMailsTo(korean);
    expect(moreKorean).toEqual([]);
    expect(toKorean?.subject).toBe('[MyGenie] 새 버전 2.0이(가) 나왔습니다');
    expect(toKorean?.text).toContain('/unsubscribe?token=');
    const toEnglish = await updateMailsTo(english);
    expect(toEnglish.map((mail) => mail.subject)).toEqual(['[MyGenie] Version 2.0 is available']);
    expect(await updateMailsTo(unverified)).toEqual([]);

    // Running again sends nothing twice; a file that is not the latest program sends nothing.
    await publish({ latest: 'false', version: '2.1' });
    await publish({ latest: 'true', category: 'document', filename: 'guide.pdf', version: '2.2' });
    expect(await updateMailsTo(korean)).toHaveLength(1);
  });

  it('stop after the one-click opt-out, which needs no Origin and accepts the form post of mail programs', async () => {
    const email = `optout.${Date.now()}@example.com`;
    await signedInMember(t, email);
    const user = await t.database.db
      .selectFrom('users')
      .select('unsubscribe_token')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const bad = await t.app.inject({ method: 'POST', url: '/api/mail/unsubscribe?token=' + 'x'.repeat(43) });
    expect(bad.json().error.code).toBe('auth/invalid-action-code');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${user.unsubscribe_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    await publish({ latest: 'true', version: '3.0' });
    expect(await updateMailsTo(email)).toEqual([]);
  });

  it('wait for the mail limit instead of exceeding it, and retry a send interrupted by a stop', async () => {
    const email = `busy.${Date.now()}@example.com`;
    await signedInMember(t, email);
    for (let i = 0; i < 3; i++) {
      await t.database.db
        .insertInto('rate_events')
        .values({
          id: `busy-${i}-${Date.now()}`,
          key: `mail:${email}`,
          at: new Date(Date.now()).toISOString(),
        })
        .execute();
    }
    await publish({ latest: 'true', version: '4.0' });
    expect(await updateMailsTo(email)).toEqual([]);
    const job = await t.database.db
      .selectFrom('mail_jobs')
      .innerJoin('users', 'users.id', 'mail_jobs.user_id')
      .select(['mail_jobs.id', 'mail_jobs.status'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('pending');

    // A process stopped mid-send leaves the job claimed; after a while another run takes it up.
    await t.database.db
      .updateTable('mail_jobs')
      .set({ status: 'sending', claimed_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    t.advance(61 * 60_000);
    expect(await updateMailsTo(email)).toHaveLength(1);
    expect(await updateMailsTo(email)).toHaveLength(1);
  });
});

describe('member inquiries', () => {
  it('are for signed-in members, stored, acknowledged in their language and mailed to support; admins list them', async () => {
    const body = { type: 'bug', subject: '<b>달력</b> 오류', message: '음력 날짜가\n하루 밀려요.' };
    expect((await t.request({ method: 'POST', url: '/api/inquiries', body })).json().error.code).toBe(
      'auth/unauthenticated',
    );
    const email = `asker.${Date.now()}@example.com`;
    const member = await signedInMember(t, email);
    const created = await t.request({ method: 'POST', url: '/api/inquiries', body, cookie: member });
    expect(created.statusCode).toBe(201);
    await t.accounts.settle();
    const ack = await t.mailTo(email, 1);
    expect(ack.subject).toBe('[MyGenie] 문의를 받았습니다: <b>달력</b> 오류');
    expect(ack.html).toContain('&lt;b&gt;달력&lt;/b&gt;');
    const support = await t.mailTo('help@mygenie.test');
    expect(support.subject).toBe('[MyGenie inquiry: bug] <b>달력</b> 오류');
    expect(support.text).toContain(email);

    expect((await t.request({ method: 'GET', url: '/api/inquiries', cookie: member })).statusCode).toBe(403);
    const list = (await t.request({ method: 'GET', url: '/api/inquiries', cookie: admin })).json().inquiries;
    expect(list[0]).toMatchObject({
      type: 'bug',
      subject: '<b>달력</b> 오류',
      message: '음력 날짜가\n하루 밀려요.',
      email,
    });

    for (const bad of [
      { ...body, type: 'spam' },
      { ...body, subject: ' ' },
      { ...body, message: 'x'.repeat(5001) },
    ]) {
      expect(
        (await t.request({ method: 'POST', url: '/api/inquiries', body: bad, cookie: member })).statusCode,
      ).toBe(400);
    }
  });
});

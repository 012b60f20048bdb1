// Mail through a real SMTP conversation when SMTP_URL is set, and in the member's language.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../core/html.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml, startTestApp, type TestApp } from '../test/harness.js';
import { createMailer } from './mailer.js';
import { accountMail, passwordChangedMail, inquiryForSupportMail, updateMail } from './templates.js';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  source: string;
}

describe('mail through SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('bad credentials'));
      },
      onData(stream, session, callback) {
        let source = '';
        stream.on('data', (chunk: Buffer) => (source += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: session.user,
            source,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    smtpUrl = `smtp://mailer:s3cret@127.0.0.1:${port}`;
    t = await startTestApp({
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'MyGenie <hello@mygenie.test>',
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the verification mail to the SMTP server and writes nothing to the outbox', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      body: { email: 'smtp.member@example.com', password: 'long enough pw', lang: 'en' },
    });
    expect(response.statusCode).toBe(201);
    await t.accounts.settle();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('hello@mygenie.test');
    expect(mail.to).toEqual(['smtp.member@example.com']);
    const parsed = parseEml('smtp', mail.source);
    expect(parsed.subject).toBe('[MyGenie] Please verify your e-mail address');
    expect(parsed.link).toMatch(/^http:\/\/mygenie\.test\/auth\/action\?mode=verifyEmail&oobCode=/);
    expect(await t.mails()).toEqual([]);

    const opened = await t.request({
      method: 'POST',
      url: '/api/auth/verify-email',
      body: { token: parsed.token, password: 'long enough pw' },
    });
    expect(opened.json()).toEqual({ email: 'smtp.member@example.com' });
  });

  it("keeps the mail's own headers: one-click unsubscribe on update mails, Reply-To on inquiries", async () => {
    const mailer = createMailer({
      smtpUrl,
      from: 'MyGenie <hello@mygenie.test>',
      outboxDir: '/nonexistent/outbox',
      log: t.app.log,
    });
    const optOut = `http://mygenie.test/unsubscribe?token=${crypto.randomBytes(32).toString('base64url')}&lang=en`;
    const seen = received.length;
    try {
      await mailer.send(
        updateMail(
          'en',
          'reader@example.com',
          { name: 'MyGenie for Windows', version: '2.4.0' },
          'http://mygenie.test/download?lang=en',
          optOut,
        ),
      );
      await mailer.send(
        inquiryForSupportMail(
          'support@mygenie.test',
          {
            type: 'bug',
            subject: 'The ledger',
            message: 'It adds up wrong.',
            from: 'asker@example.com',
            lang: 'en',
          },
          'http://mygenie.test/admin',
        ),
      );
    } finally {
      mailer.close();
    }

    // Header lines as the SMTP server received them, long ones unfolded (RFC 5322, 2.2.3).
    const headerLines = (source: string) =>
      source
        .split(/\r?\n\r?\n/)[0]!
        .replace(/\r?\n(?=[ \t])/g, '')
        .split(/\r?\n/);
    const [update, inquiry] = received.slice(seen);
    expect(update!.to).toEqual(['reader@example.com']);
    expect(headerLines(update!.source)).toEqual(
      expect.arrayContaining([
        `List-Unsubscribe: <${optOut}>`,
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      ]),
    );
    expect(inquiry!.to).toEqual(['support@mygenie.test']);
    expect(headerLines(inquiry!.source)).toContain('Reply-To: asker@example.com');
  });

  it('reads a link whole where its token wraps at a "--" (a line that is no part boundary)', async () => {
    const mailer = createMailer({
      smtpUrl,
      from: 'MyGenie <hello@mygenie.test>',
      outboxDir: '/nonexistent/outbox',
      log: t.app.log,
    });
    // A token drawn in a CI run whose quoted-printable line broke just before its "--": the next line starts
    // "--9eE…", and a reader that took every "--" line for a boundary cut the link there.
    const token = '52LFD8k_ZXL--9eExMTqnILrUUipz1_8FkUxkCL2l5Y';
    const link = `http://127.0.0.1:41234/auth/action?mode=verifyEmail&oobCode=${token}&lang=en`;
    const seen = received.length;
    try {
      await mailer.send(accountMail('verify', 'en', 'wrapped@example.com', link));
    } finally {
      mailer.close();
    }
    const source = received[seen]!.source;
    expect(source).toMatch(/\r?\n--9eExM/);
    expect(parseEml('wrapped', source)).toMatchObject({ link, token });
  });
});

describe('account mail templates', () => {
  it('are written in Korean and English with the link in both parts', () => {
    const link = 'https://mygenie.example/auth/action?mode=resetPassword&oobCode=abc&lang=ko';
    const korean = accountMail('reset', 'ko', 'jane@example.com', link);
    expect(korean.subject).toBe('[MyGenie] 비밀번호 변경을 확인해 주세요');
    expect(korean.text).toContain('jane@example.com 계정의 비밀번호 변경 요청을 받았습니다.');
    expect(korean.text).toContain(link);
    expect(korean.html).toContain(escapeHtml(link));
    expect(korean.text).toContain('링크를 여는 것만으로는 아무것도 바뀌지 않습니다.');
    const english = accountMail('verify', 'en', 'jane@example.com', link);
    expect(english.text).toContain(
      'enter the password you chose when signing up to verify your e-mail address (jane@example.com).',
    );
    expect(english.text).toContain('If you did not sign up, ignore this e-mail');
    const forgotten = ['ko', 'en'].map((lang) =>
      accountMail('forgot', lang as 'ko' | 'en', 'jane@example.com', link),
    );
    expect(forgotten.map((mail) => mail.subject)).toEqual([
      '[MyGenie] 새 비밀번호를 정해 주세요',
      '[MyGenie] Set a new password',
    ]);
    expect(forgotten[1]!.text).toContain('reset the password of the account jane@example.com');
  });

  it('tell the member of a changed password, in Korea time, with the passkeys to review', () => {
    const at = new Date(Date.UTC(2026, 10, 23, 3, 5));
    const korean = passwordChangedMail(
      'ko',
      'jane@example.com',
      { at, device: 'Mobile Device', passkeysRemoved: 2, passkeys: [] },
      'https://mygenie.example/?auth=forgot&lang=ko',
    );
    expect(korean.subject).toBe('[MyGenie] 비밀번호가 변경되었습니다');
    expect(korean.text).toMatch(/2026년 11월 23일 (오후|PM) 12:05 \(한국 시간\)/);
    expect(korean.text).toContain('기기: 모바일 기기');
    expect(korean.text).toContain('지문·얼굴 로그인 2개도 종료되었습니다');
    const english = passwordChangedMail(
      'en',
      'jane@example.com',
      {
        at,
        device: 'Windows PC',
        passkeysRemoved: 0,
        passkeys: [{ device: 'Mac', createdAt: '2026-10-01T09:00:00.000Z' }],
      },
      'https://mygenie.example/?auth=forgot&lang=en',
    );
    expect(english.text).toContain('23 November 2026 at 12:05 (Korea time) (device: Windows PC)');
    expect(english.text).toContain('registered on this account: Mac (2026-10-01)');
    expect(english.text).not.toContain('were ended too');
  });

  it('escape what they put into HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

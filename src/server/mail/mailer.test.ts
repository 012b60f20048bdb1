// Mail through a real SMTP conversation when SMTP_URL is set, and in the member's language.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml, startTestApp, type TestApp } from '../test/harness.js';
import { createMailer } from './mailer.js';
import { accountMail, escapeHtml, inquiryForSupportMail, updateMail } from './templates.js';

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
      url: '/api/auth/action',
      body: { token: parsed.token },
    });
    expect(opened.json()).toEqual({ kind: 'verifyEmail', email: 'smtp.member@example.com' });
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
});

describe('account mail templates', () => {
  it('are written in Korean and English with the link in both parts', () => {
    const link = 'https://mygenie.example/auth/action?mode=resetPassword&oobCode=abc&lang=ko';
    const korean = accountMail('reset', 'ko', 'jane@example.com', link);
    expect(korean.subject).toBe('[MyGenie] 비밀번호 변경을 확인해 주세요');
    expect(korean.text).toContain('jane@example.com 계정의 비밀번호 변경 요청을 받았습니다.');
    expect(korean.text).toContain(link);
    expect(korean.html).toContain(escapeHtml(link));
    const english = accountMail('verify', 'en', 'jane@example.com', link);
    expect(english.text).toContain(
      'Please open the link below to verify your e-mail address (jane@example.com).',
    );
  });

  it('escape what they put into HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

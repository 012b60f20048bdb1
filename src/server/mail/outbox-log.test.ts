// Without SMTP, mails are kept in the outbox: the log says once where mails go, and of each mail only its kind,
// never its link, its token or its words (a verification or reset link opens the account). With SMTP, the log says
// the server and user, never the password.
import { describe, expect, it } from 'vitest';
import { signedInMember, startTestApp, uniqueIp } from '../test/harness.js';

/** Starts the app with a logger whose every line (JSON, at every level) the test reads. */
async function appWithLog(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const t = await startTestApp(env, {
    logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
  });
  return { t, lines };
}

describe('what the log says of mails', () => {
  it('keeps verification and reset links in the outbox only, and says once where mails go', async () => {
    const { t, lines } = await appWithLog();
    try {
      const email = 'outbox.log@example.com';
      const password = 'member password 1';
      await signedInMember(t, email, password);
      const verification = await t.mailTo(email);
      const forgot = await t.request({
        method: 'POST',
        url: '/api/auth/password-reset',
        body: { email },
        ip: uniqueIp(),
      });
      expect(forgot.statusCode).toBe(202);
      const reset = await t.mailTo(email, 1);

      // The outbox has both links and their tokens.
      expect(verification.link).toContain(`oobCode=${verification.token}`);
      expect(verification.token).not.toBe('');
      expect(reset.link).toContain('mode=resetPassword');
      expect(reset.token).not.toBe('');
      expect(reset.token).not.toBe(verification.token);

      // The log has neither, nor the mails' words.
      const log = lines.join('\n');
      for (const secret of [verification.token, verification.link, reset.token, reset.link]) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain('oobCode');
      expect(log).not.toContain(reset.subject);
      // Each mail is named by its kind only.
      const written = lines
        .map((line) => JSON.parse(line) as { msg: string; kind?: string })
        .filter((entry) => entry.msg.startsWith('mail written to the outbox'));
      expect(written.map((entry) => entry.kind)).toEqual(['verify', 'forgot']);

      const told = lines.filter((line) => line.includes('mails go to the outbox folder'));
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0]!).msg).toContain(`${t.config.dataDir}/outbox`);
    } finally {
      await t.close();
    }
  });

  it('says once which SMTP server mails go through, without its password', async () => {
    const { t, lines } = await appWithLog({ SMTP_URL: 'smtps://mailer:S3cret%2Fpw@mail.example:465' });
    try {
      const told = lines.filter((line) => line.includes('mails go through SMTP'));
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0]!).msg).toBe('mails go through SMTP at mailer@mail.example:465');
      expect(lines.join('\n')).not.toContain('S3cret');
      expect(lines.join('\n')).not.toContain('outbox');
    } finally {
      await t.close();
    }
  });
});

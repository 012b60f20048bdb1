// Mail leaves through SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the
// outbox folder and its link is logged, so a local sign-up can be finished without a mail server.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link in the mail, logged by the outbox so a local developer can open it. */
  link: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl
    ? smtpMailer(options.smtpUrl, options.from)
    : outboxMailer(options.outboxDir, options.from, options.log);
}

/**
 * The message both modes send, so what the outbox shows is what SMTP delivers: the mail's own headers
 * (one-click unsubscribe on update mails, Reply-To on support inquiries) included.
 */
function message(mail: Mail, from: string): nodemailer.SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(message(mail, from));
    },
    close: () => transport.close(),
  };
}

function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sent = 0;
  return {
    async send(mail) {
      // Named when sent, not once composed: the outbox lists mails in the order they were sent, even when a
      // later, shorter one is composed first (a verification mail sent again right after the first).
      sent += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sent).padStart(6, '0')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const info = await composer.sendMail(message(mail, from));
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, name);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log.info({ to: mail.to, file, link: mail.link }, `mail written to the outbox: ${mail.subject}`);
    },
    close: () => composer.close(),
  };
}

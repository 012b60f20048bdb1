// Mail leaves through SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to the
// outbox folder, where a local sign-up finds its link without a mail server. The log says once, at start, where
// mails go, and of each mail only what kind it was: a mail's link is a key to an account (verification, reset), so
// it stays in the mail.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { whereOf } from '../core/secrets.js';

export interface Mail {
  /** What the mail is (`verify`, `forgot`, `update` …): all the log says of it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
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
  if (options.smtpUrl) {
    options.log.info(`mails go through SMTP at ${whereOf(options.smtpUrl)}`);
    return smtpMailer(options.smtpUrl, options.from);
  }
  options.log.info(
    `mails go to the outbox folder ${options.outboxDir} (SMTP_URL is not set): open a mail's link there`,
  );
  return outboxMailer(options.outboxDir, options.from, options.log);
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
      // Neither the link nor the words: only the kind, and which file holds the rest.
      log.info({ kind: mail.kind, file: name }, `mail written to the outbox: ${mail.kind}`);
    },
    close: () => composer.close(),
  };
}

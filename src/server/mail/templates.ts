// The mails we send, in the member's language, as plain text and as simple escaped HTML.
import type { Language } from '../../shared/constants.js';
import type { DeviceName } from '../../shared/device.js';
import { mailText } from './text.js';
import { fill } from '../../shared/text.js';
import { plural } from '../../shared/plural.js';
import type { Mail } from './mailer.js';
import { escapeHtml } from '../core/html.js';

/** The mailed links: verify an address, apply a password chosen with the master key, set a forgotten one. */
export type MailKind = 'verify' | 'reset' | 'forgot';

function compose(options: {
  kind: string;
  lang: Language;
  to: string;
  subject: string;
  paragraphs: string[];
  /** The mail's one link and its button (a mail without one, a code, has neither). */
  link?: string;
  button?: string;
  after?: string[];
  headers?: Record<string, string>;
}): Mail {
  const copy = mailText[options.lang];
  const after = options.after ?? [copy.ignore];
  const link = options.link ?? null;
  const text = [...options.paragraphs, ...(link ? [link] : []), ...after, '--', copy.footer].join('\n\n');
  const html = `<!doctype html>
<html lang="${options.lang}"><head><meta charset="utf-8"><title>${escapeHtml(options.subject)}</title></head>
<body style="font-family:sans-serif;line-height:1.6;color:#222;max-width:560px;margin:auto;padding:24px">
${options.paragraphs.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('\n')}
${
  link
    ? `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#6d4aff;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(options.button ?? link)}</a></p>
<p style="word-break:break-all;font-size:13px;color:#555">${escapeHtml(link)}</p>`
    : ''
}
${after.map((line) => `<p style="font-size:13px;color:#555;word-break:break-all">${escapeHtml(line)}</p>`).join('\n')}
<p style="font-size:12px;color:#888">${escapeHtml(copy.footer)}</p>
</body></html>`;
  return {
    kind: options.kind,
    to: options.to,
    subject: options.subject,
    text,
    html,
    ...(options.headers ? { headers: options.headers } : {}),
  };
}

export function accountMail(kind: MailKind, lang: Language, to: string, link: string): Mail {
  const copy = mailText[lang][kind];
  return compose({
    kind,
    lang,
    to,
    subject: copy.subject,
    paragraphs: [copy.greeting, fill(copy.body, { email: to })],
    link,
    button: copy.button,
    after: [copy.ignore],
  });
}

/** An admin invites an address to sign up (src/server/accounts/invitations.ts): who, until when, the link. */
export function invitationMail(
  lang: Language,
  to: string,
  link: string,
  invitation: { by: string; until: Date },
): Mail {
  const copy = mailText[lang].invitation;
  return compose({
    kind: 'invitation',
    lang,
    to,
    subject: copy.subject,
    paragraphs: [
      copy.greeting,
      fill(copy.body, { by: invitation.by, email: to, until: mailTime(lang, invitation.until) }),
    ],
    link,
    button: copy.button,
    after: [copy.ignore],
  });
}

/**
 * Invites an address to a shared space (src/server/spaces/service.ts): who invited it and with which role, until
 * when, and how to accept — in the app for an address with an account, else by signing up with the link when
 * sign-ups are open to it (none when they are closed). Never the space's name, which the server does not know, nor
 * anything naming the space.
 */
export function spaceInvitationMail(
  lang: Language,
  to: string,
  invitation: { by: string; role: 'editor' | 'viewer'; until: Date },
  next: { kind: 'member' | 'signUp'; link: string } | { kind: 'closed' },
): Mail {
  const copy = mailText[lang].spaceInvitation;
  const body = fill(copy.body, {
    by: invitation.by,
    email: to,
    role: copy.roles[invitation.role],
    until: mailTime(lang, invitation.until),
  });
  return compose({
    kind: 'space-invitation',
    lang,
    to,
    subject: copy.subject,
    paragraphs: [copy.greeting, body, copy[next.kind]],
    ...(next.kind === 'closed'
      ? {}
      : { link: next.link, button: next.kind === 'member' ? copy.openApp : copy.signUpButton }),
    after: [copy.ignore],
  });
}

/** A moment as the member reads it: in their language, in Korea time (the description's time zone). */
function mailTime(lang: Language, at: Date): string {
  const time = new Intl.DateTimeFormat(lang === 'ko' ? 'ko-KR' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Seoul',
  }).format(at);
  return `${time} ${mailText[lang].timeZone}`;
}

/**
 * Tells the member their password changed (signed in, or by a mailed link), with the passkeys still registered for
 * review or how many the change removed; the link sets a new password if it was not them.
 */
/** The greeting, then what happened to the account `to` at `at` on `device` (the account notices' first lines). */
function accountEvent(
  lang: Language,
  copy: { greeting: string; body: string },
  to: string,
  at: Date,
  device: DeviceName,
  values: Record<string, string> = {},
): string[] {
  return [
    copy.greeting,
    fill(copy.body, {
      email: to,
      time: mailTime(lang, at),
      device: mailText[lang].devices[device],
      ...values,
    }),
  ];
}

export function passwordChangedMail(
  lang: Language,
  to: string,
  change: {
    at: Date;
    device: DeviceName;
    passkeysRemoved: number;
    passkeys: ReadonlyArray<{ device: DeviceName; createdAt: string }>;
  },
  resetLink: string,
): Mail {
  const copy = mailText[lang].passwordChanged;
  const paragraphs = accountEvent(lang, copy, to, change.at, change.device);
  if (change.passkeysRemoved > 0) {
    paragraphs.push(plural(copy.passkeysRemoved, change.passkeysRemoved, lang));
  }
  if (change.passkeys.length > 0) {
    const list = change.passkeys
      .map((passkey) => `${mailText[lang].devices[passkey.device]} (${passkey.createdAt.slice(0, 10)})`)
      .join(', ');
    paragraphs.push(fill(copy.passkeys, { list }));
  }
  return compose({
    kind: 'password-changed',
    lang,
    to,
    subject: copy.subject,
    paragraphs,
    link: resetLink,
    button: copy.button,
    after: [copy.after],
  });
}

/**
 * The one-time code that confirms a sign-in on a new device when no signed-in device can (it is typed on the
 * signing-in browser's screen, so the mail has no link): when, which device, for how long.
 */
export function signInCodeMail(
  lang: Language,
  to: string,
  sign: { code: string; at: Date; device: DeviceName; minutes: number },
): Mail {
  const copy = mailText[lang].signInCode;
  return compose({
    kind: 'sign-in-code',
    lang,
    to,
    subject: copy.subject,
    paragraphs: [
      ...accountEvent(lang, copy, to, sign.at, sign.device, { minutes: String(sign.minutes) }),
      fill(copy.code, { code: sign.code }),
    ],
    after: [copy.after],
  });
}

/** Tells the member a passkey was added to their account. */
export function passkeyAddedMail(
  lang: Language,
  to: string,
  added: { at: Date; device: DeviceName },
  siteLink: string,
): Mail {
  const copy = mailText[lang].passkeyAdded;
  return compose({
    kind: 'passkey-added',
    lang,
    to,
    subject: copy.subject,
    paragraphs: accountEvent(lang, copy, to, added.at, added.device),
    link: siteLink,
    button: copy.button,
    after: [copy.after],
  });
}

export function updateMail(
  lang: Language,
  to: string,
  file: { name: string; version: string },
  downloadLink: string,
  optOutLink: string,
): Mail {
  const copy = mailText[lang].update;
  const values = { name: file.name, version: file.version, link: optOutLink };
  return compose({
    kind: 'update',
    lang,
    to,
    subject: fill(copy.subject, values),
    paragraphs: [copy.greeting, fill(copy.body, values)],
    link: downloadLink,
    button: copy.button,
    after: [fill(copy.optOut, values)],
    headers: { 'List-Unsubscribe': `<${optOutLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

export function inquiryReceivedMail(
  lang: Language,
  to: string,
  inquiry: { subject: string; message: string },
  supportLink: string,
): Mail {
  const copy = mailText[lang].inquiryReceived;
  return compose({
    kind: 'inquiry-received',
    lang,
    to,
    subject: fill(copy.subject, { subject: inquiry.subject }),
    paragraphs: [copy.greeting, copy.body, `${inquiry.subject}\n\n${inquiry.message}`],
    link: supportLink,
    button: 'MyGenie',
    after: [],
  });
}

/** To the support team: who wrote, what kind of inquiry, and the text (always as text). */
export function inquiryForSupportMail(
  to: string,
  inquiry: { type: string; subject: string; message: string; from: string; lang: string },
  adminLink: string,
): Mail {
  const subject = `[MyGenie inquiry: ${inquiry.type}] ${inquiry.subject}`;
  return compose({
    kind: 'inquiry-for-support',
    lang: 'en',
    to,
    subject,
    paragraphs: [
      `From: ${inquiry.from} (language: ${inquiry.lang})`,
      `Type: ${inquiry.type}`,
      inquiry.subject,
      inquiry.message,
    ],
    link: adminLink,
    button: 'Open the admin page',
    after: [],
    headers: { 'Reply-To': inquiry.from },
  });
}

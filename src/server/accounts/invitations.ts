// Who may make an account (docs/deploy.md, "Who may sign up"). By default anyone; a host closes sign-ups
// (SIGNUPS_ALLOWED=false) or keeps them to its own domains (SIGNUPS_DOMAINS), and its admins invite the addresses
// they want besides. The addresses in ADMIN_EMAILS may always sign up, so a new site can get its first admin.
//
// The check is made twice: at sign-up, so a refused address hears why at once, and again when the address is
// verified, in the same transaction that activates the account. An account made while the door was open (or with
// an invitation since withdrawn) is only an unverified row, which can do nothing: if the door has closed by the time
// its link is used, it stays that way. An invitation is spent by that verification, never by opening its mail.
import type { Kysely, Transaction } from 'kysely';
import { INVITATION_TTL_MS, MAIL_LIMIT, MAIL_WINDOW_MS, type Language } from '../../shared/constants.js';
import type { Invitation, SignupPolicy } from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { Database, InvitationTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { invitationMail } from '../mail/templates.js';
import { reserveOrRefuse } from '../ratelimit/limiter.js';
import type { AccountContext, SignedIn } from './context.js';
import * as store from './store.js';

/** The host's settings: open to anyone, or to addresses at the listed domains (whatever `open` says). */
export interface SignupSettings {
  open: boolean;
  domains: readonly string[];
}

/** The settings and the addresses in ADMIN_EMAILS, which may always sign up. */
export interface SignupRules {
  settings: SignupSettings;
  adminEmails: readonly string[];
}

/** Whether the settings alone let this (normalized) address make an account. */
export function openTo(settings: SignupSettings, adminEmails: readonly string[], email: string): boolean {
  if (adminEmails.includes(email)) return true;
  if (settings.domains.length > 0) return settings.domains.includes(email.slice(email.lastIndexOf('@') + 1));
  return settings.open;
}

/** What a refused address hears: the domains rule when there is one, else that sign-ups are closed. */
function refusal(settings: SignupSettings): ApiError {
  return new ApiError(settings.domains.length > 0 ? 'auth/signup-domain' : 'auth/signups-closed');
}

/** Refuses, at sign-up, an address neither the settings nor an invitation let in. */
export async function refuseUnwelcome(
  db: Kysely<Database>,
  rules: SignupRules,
  email: string,
  now: string,
): Promise<void> {
  if (openTo(rules.settings, rules.adminEmails, email)) return;
  if (!(await store.findUsableInvitation(db, email, now))) throw refusal(rules.settings);
}

/**
 * At verification, inside its transaction: spends the address's invitation (one that was good when the account
 * was made), and refuses when neither it nor the settings let the address in now.
 */
export async function admitAtVerification(
  trx: Transaction<Database>,
  rules: SignupRules,
  user: { email: string; created_at: string },
  now: string,
): Promise<void> {
  const spent = await store.spendInvitation(trx, user.email, user.created_at, now);
  if (!spent && !openTo(rules.settings, rules.adminEmails, user.email)) {
    throw refusal(rules.settings);
  }
}

function present(row: InvitationTable & { inviter: string | null }): Invitation {
  return {
    id: row.id,
    email: row.email,
    lang: row.lang === 'en' ? 'en' : 'ko',
    invitedBy: row.inviter,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}

export function invitationService(ctx: AccountContext) {
  const { db, clock, limiter, send, deps } = ctx;
  const settings = deps.signups;

  const listInvitations = async (email?: string) => (await store.listInvitations(db, email)).map(present);

  /** What the register form says about who may sign up (which addresses were invited is not told). */
  const signupPolicy = (): SignupPolicy => ({
    open: settings.open && settings.domains.length === 0,
    domains: [...settings.domains],
  });

  return {
    signupPolicy,

    async invitations(): Promise<{ invitations: Invitation[]; policy: SignupPolicy }> {
      return { invitations: await listInvitations(), policy: signupPolicy() };
    },

    /**
     * Invites an address, or renews its invitation (a fresh period, the mail again). An address that already has
     * an account needs none; the mail counts against the address's mail limit like every mail we send it.
     */
    async invite(admin: SignedIn, email: string, lang: Language): Promise<Invitation> {
      const existing = await store.findUserByEmail(db, email);
      if (existing?.email_verified === 1) throw new ApiError('auth/email-already-in-use');
      await reserveOrRefuse(limiter, [{ key: `mail:${email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS }]);
      const row: InvitationTable = {
        id: newId(),
        email,
        lang,
        invited_by: admin.user.uid,
        created_at: isoAt(clock),
        expires_at: isoAt(clock, INVITATION_TTL_MS),
        used_at: null,
      };
      await store.upsertInvitation(db, row);
      const link = `${deps.publicUrl}/?auth=register&email=${encodeURIComponent(email)}&lang=${lang}`;
      send(invitationMail(lang, email, link, { by: admin.user.email, until: new Date(row.expires_at) }));
      const [saved] = await listInvitations(email);
      // Withdrawn by another admin in the moment between.
      if (!saved) throw new ApiError('invitation/not-found');
      return saved;
    },

    async withdrawInvitation(id: string): Promise<void> {
      if (!(await store.deleteInvitation(db, id))) throw new ApiError('invitation/not-found');
    },
  };
}

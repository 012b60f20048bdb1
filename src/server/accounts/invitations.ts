// Who may make an account (docs/deploy.md, "Who may sign up"). By default anyone; a host closes sign-ups
// (SIGNUPS_ALLOWED=false) or keeps them to its own domains (SIGNUPS_DOMAINS), and its admins invite the addresses
// they want besides. The addresses in ADMIN_EMAILS may always sign up, so a new site can get its first admin.
//
// For an address the settings alone do not let in ("behind the door"), a sign-up answers the same whoever the
// address is — invited, an admin's, anyone else's (email-links.ts) — so the check that decides is the one made when
// the address is verified, in the transaction that verifies it (verifyAddress), on every path that verifies an
// address: a verification link and a password reset alike. An account made while the door was open (or with an
// invitation since withdrawn) is only an unverified row, which can do nothing: if the door has closed by the time
// its address is verified, it stays that way. An invitation is spent by that verification, never by its mail.
import { INVITATION_TTL_MS, MAIL_LIMIT, MAIL_WINDOW_MS, type Language } from '../../shared/constants.js';
import type { Invitation, SignupPolicy } from '../../shared/schemas/auth.js';
import { isoAt } from '../core/clock.js';
import { newId } from '../core/ids.js';
import type { InvitationTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { invitationMail } from '../mail/templates.js';
import { authorize } from '../policies/authorize.js';
import { isAdmin } from '../policies/members.js';
import { reserveOrRefuse } from '../ratelimit/limiter.js';
import type { AccountContext, SignedIn } from './context.js';
import type { SignupSettings } from './signup-settings.js';
import type { AccountStore } from './store.js';

export type { SignupSettings };

/** The settings and the addresses in ADMIN_EMAILS, which may always sign up. */
export interface SignupRules {
  settings: SignupSettings;
  adminEmails: readonly string[];
}

/** Whether the settings alone let any (normalized) address like this one make an account: the door is open to it. */
export function doorOpenTo(settings: SignupSettings, email: string): boolean {
  if (settings.domains.length > 0) return settings.domains.includes(email.slice(email.lastIndexOf('@') + 1));
  return settings.open;
}

/** Whether the settings or ADMIN_EMAILS let this address in, without an invitation. */
function openTo(rules: SignupRules, email: string): boolean {
  return rules.adminEmails.includes(email) || doorOpenTo(rules.settings, email);
}

/**
 * Whether an address behind the door may make an account now: one in ADMIN_EMAILS, or one with a good invitation.
 * The invitation is looked up for every address, so that this takes as long whichever it is.
 */
export async function admittedBehindTheDoor(
  store: AccountStore,
  rules: SignupRules,
  email: string,
  now: string,
): Promise<boolean> {
  const invitation = await store.findUsableInvitation(email, now);
  return invitation !== undefined || rules.adminEmails.includes(email);
}

/** What an address refused at verification hears: the domains rule when there is one, else that sign-ups are closed. */
function refusal(settings: SignupSettings): ApiError {
  return new ApiError(settings.domains.length > 0 ? 'auth/signup-domain' : 'auth/signups-closed');
}

/**
 * Verifies an account's address inside the caller's transaction: the one way an address becomes verified, which
 * every path that verifies one takes (a verification link, a password reset). The first time, the sign-up rules
 * are applied again: the address's invitation (one still good when the account was made) is spent, and when
 * neither it nor the settings let the address in now, the refusal is thrown, and the caller's transaction takes
 * back everything it did. The account's other verification links die. Answers false, changing and checking
 * nothing, when the address was verified already.
 */
export async function verifyAddress(
  tx: AccountStore,
  rules: SignupRules,
  user: { id: string; email: string; created_at: string },
  now: string,
): Promise<boolean> {
  if (!(await tx.markVerified(user.id, now))) return false;
  const spent = await tx.spendInvitation(user.email, user.created_at, now);
  if (!spent && !openTo(rules, user.email)) throw refusal(rules.settings);
  await tx.voidVerifyTokens(user.id, now);
  return true;
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
  const { store, clock, limiter, send, deps } = ctx;
  const settings = deps.signups;

  const listInvitations = async (email?: string) => (await store.listInvitations(email)).map(present);

  /** What the register form says about who may sign up (which addresses were invited is not told). */
  const signupPolicy = (): SignupPolicy => ({
    open: settings.open && settings.domains.length === 0,
    domains: [...settings.domains],
  });

  return {
    signupPolicy,

    async invitations(admin: SignedIn): Promise<{ invitations: Invitation[]; policy: SignupPolicy }> {
      authorize(isAdmin(admin), 'auth/forbidden');
      return { invitations: await listInvitations(), policy: signupPolicy() };
    },

    /**
     * Invites an address, or renews its invitation (a fresh period, the mail again). An address that already has
     * an account needs none; the mail counts against the address's mail limit like every mail we send it.
     */
    async invite(admin: SignedIn, email: string, lang: Language): Promise<Invitation> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const existing = await store.findUserByEmail(email);
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
      await store.upsertInvitation(row);
      await deps.adminLog?.record({ actor: admin.user.email, action: 'invitation.send', target: email });
      const link = `${deps.publicUrl}/?auth=register&email=${encodeURIComponent(email)}&lang=${lang}`;
      send(invitationMail(lang, email, link, { by: admin.user.email, until: new Date(row.expires_at) }));
      const [saved] = await listInvitations(email);
      // Withdrawn by another admin in the moment between.
      if (!saved) throw new ApiError('invitation/not-found');
      return saved;
    },

    async withdrawInvitation(admin: SignedIn, id: string): Promise<void> {
      authorize(isAdmin(admin), 'auth/forbidden');
      const email = await store.deleteInvitation(id);
      if (email === undefined) throw new ApiError('invitation/not-found');
      await deps.adminLog?.record({ actor: admin.user.email, action: 'invitation.withdraw', target: email });
    },
  };
}

// Invitations to a shared space (docs/spaces-plan.md §4, "As step 6 built it"): the owner's signed `invite` entry and
// its row in one transaction under the space's lock (members and waiting invitations counted there), the mail in the
// recipient's language naming the inviter and the role but never the space, and the invitee's signed `accept` under
// the space's lock then the owner's and the invitee's in id order. Withdrawals and refusals have no log entry.
import {
  MAIL_LIMIT,
  MAIL_WINDOW_MS,
  SPACE_INVITATION_TTL_MS,
  SPACE_MEMBERS_MAX,
  SPACES_PER_MEMBER_MAX,
  type Language,
} from '../../shared/constants.js';
import type { InviteToSpaceBody, LogEntryBody } from '../../shared/schemas/spaces.js';
import type { LogBody, LogEntry } from '../../shared/spaces/log.js';
import { sha256Hex } from '../../shared/spaces/statements.js';
import { doorOpenTo } from '../accounts/invitations.js';
import type { SignedIn } from '../accounts/service.js';
import { isoAt } from '../core/clock.js';
import { ApiError } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { spaceInvitationMail } from '../mail/templates.js';
import { reserveOrRefuse } from '../ratelimit/limiter.js';
import { keyOfIdentity, sameKey, unproven, type Guard, type SpaceDeps, type SpaceParts } from './core.js';
import type { SpaceInvitationRow } from './store.js';

/** Invitations one member may send a day (besides each address's mail limit). */
export const SPACE_INVITATIONS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;
const INVITATION_ID = /^[A-Za-z0-9_-]{16,64}$/;

const noInvitation = () => new ApiError('space/invitation-not-found');

const languageOf = (lang: string): Language => (lang === 'en' ? 'en' : 'ko');

/** What the invitee sees of an invitation: who invited, which role, until when. */
export const presentInvitationToMe = (
  row: SpaceInvitationRow & { inviter: string; log_seq: number; log_head: string },
) => ({
  id: row.id,
  space: row.space_id,
  invitedBy: row.inviter,
  role: row.role,
  expiresAt: row.expires_at,
  log: { seq: Number(row.log_seq), head: row.log_head },
});

export function spaceInvitations(deps: SpaceDeps, parts: SpaceParts) {
  const { store, quota, clock, lock, append, summaries, announce } = parts;
  /** Mails on their way (settle waits for them). */
  const sending = new Set<Promise<void>>();
  const send = (mail: Parameters<Mailer['send']>[0]) => {
    const sent = deps.mailer
      .send(mail)
      .catch((err: unknown) => deps.log.error({ err }, 'space invitation mail not sent'))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };

  /**
   * Mails an invitation to its address, in the recipient's language (their account's, else the inviter's): to open
   * the app with an account, else to sign up — with a link only when sign-ups are open to the address (an
   * invitation to a space never opens a closed door).
   */
  async function mailInvitation(inviter: SignedIn['user'], email: string, invite: LogBody<'invite'>) {
    const account = await store.accountOf(email);
    const lang = account ? languageOf(account.lang) : inviter.lang;
    const mayJoin = deps.adminEmails.includes(email) || doorOpenTo(deps.signups, email);
    const next =
      account?.email_verified === 1
        ? { kind: 'member' as const, link: `${deps.publicUrl}/app/?lang=${lang}` }
        : mayJoin
          ? {
              kind: 'signUp' as const,
              link: `${deps.publicUrl}/?auth=register&email=${encodeURIComponent(email)}&lang=${lang}`,
            }
          : { kind: 'closed' as const };
    send(
      spaceInvitationMail(
        lang,
        email,
        { by: inviter.email, role: invite.role, until: new Date(invite.expiresAt) },
        next,
      ),
    );
  }

  return {
    /**
     * Invites an address to the space with the owner's signed `invite` entry, which names the invitation, the
     * address's hash, the role and the expiry. Members and invitations waiting for an answer stay within
     * SPACE_MEMBERS_MAX, counted under the space's lock. The answer is the same whether the address has an account
     * or not; the mail goes out after it, counted against the address's mail limit, and an inviter sends at most
     * SPACE_INVITATIONS_PER_DAY a day.
     */
    async invite(signedIn: SignedIn, spaceId: string, body: InviteToSpaceBody) {
      const { user } = signedIn;
      const entry = body.entry as LogEntry;
      if (entry.kind !== 'invite') throw unproven();
      const invite = entry.body as LogBody<'invite'>;
      if (typeof invite.invitation !== 'string' || !INVITATION_ID.test(invite.invitation)) {
        throw new ApiError('request/invalid');
      }
      // The hash the owner signed is of the address the server is asked to mail.
      if (invite.emailHash !== (await sha256Hex(new TextEncoder().encode(body.email)))) throw unproven();
      const now = clock();
      if (
        typeof invite.expiresAt !== 'number' ||
        invite.expiresAt <= now ||
        invite.expiresAt > now + SPACE_INVITATION_TTL_MS
      ) {
        throw new ApiError('request/invalid');
      }
      const release = await reserveOrRefuse(deps.limiter, [
        { key: `space-invite:${user.uid}`, limit: SPACE_INVITATIONS_PER_DAY, windowMs: DAY_MS },
        { key: `mail:${body.email}`, limit: MAIL_LIMIT, windowMs: MAIL_WINDOW_MS },
      ]);
      const expiresAt = new Date(invite.expiresAt).toISOString();
      try {
        await store.transaction(async (tx, trx) => {
          const at = isoAt(clock);
          const held: { earlier?: SpaceInvitationRow | undefined } = {};
          const guard: Guard = async (_space, before) => {
            // An id the app chose that another invitation holds already (in any space) is not this one's.
            if (await tx.findInvitation(invite.invitation)) throw new ApiError('request/invalid');
            // An earlier invitation to the address (waiting, expired or spent) gives way to this one.
            held.earlier = await tx.invitationTo(spaceId, body.email);
            const { earlier } = held;
            const waiting =
              (await tx.countPending(spaceId, at)) -
              (earlier && earlier.accepted_by === null && earlier.expires_at > at ? 1 : 0);
            if (Object.keys(before.members).length + waiting >= SPACE_MEMBERS_MAX) {
              throw new ApiError('space/full');
            }
          };
          await append(trx, signedIn, spaceId, entry, { guard });
          if (held.earlier) await tx.deleteInvitation(held.earlier.id);
          await tx.insertInvitation({
            id: invite.invitation,
            space_id: spaceId,
            email: body.email,
            role: invite.role,
            invited_by: user.uid,
            expires_at: expiresAt,
            accepted_by: null,
            accepted_at: null,
            created_at: at,
          });
        });
      } catch (error) {
        // Refused, it was neither sent nor mailed: it does not count.
        await release();
        throw error;
      }
      await mailInvitation(user, body.email, invite);
      return {
        id: invite.invitation,
        email: body.email,
        role: invite.role,
        expiresAt,
        state: 'pending' as const,
      };
    },

    /** Withdraws an invitation of the space's not yet accepted. */
    async withdrawInvitation(spaceId: string, invitationId: string): Promise<void> {
      await store.transaction(async (tx, trx) => {
        if (!(await lock(trx, spaceId))) throw new ApiError('space/not-found');
        const row = await tx.findInvitation(invitationId);
        if (!row || row.space_id !== spaceId || !(await tx.deletePendingInvitation(invitationId))) {
          throw noInvitation();
        }
      });
    },

    /** Invitations to the member's verified address, waiting for an answer. */
    async myInvitations({ user }: SignedIn) {
      const rows = await store.invitationsTo(user.email, isoAt(clock));
      return { invitations: rows.map(presentInvitationToMe) };
    },

    /**
     * Accepts an invitation to the member's own verified address, unexpired and unused, with the invitee's signed
     * `accept` entry bringing the identity the member published: the member joins (`joining`) until an owner's or
     * editor's device lets them in. Another address's invitation, a used or an expired one are all "not found".
     * The member's spaces are counted under the member's lock, taken after the space's.
     */
    async accept(signedIn: SignedIn, invitationId: string, body: { entry: LogEntryBody }) {
      const { user } = signedIn;
      const entry = body.entry as LogEntry;
      const usable = (row: SpaceInvitationRow | undefined): row is SpaceInvitationRow =>
        row !== undefined &&
        row.email === user.email &&
        row.accepted_by === null &&
        row.expires_at > isoAt(clock);
      const found = await store.findInvitation(invitationId);
      if (!usable(found)) throw noInvitation();
      if (entry.kind !== 'accept') throw unproven();
      const accept = entry.body as Partial<LogBody<'accept'>>;
      let letsIn: string[] = [];
      const joined = await store.transaction(async (tx, trx) => {
        const space = await lock(trx, found.space_id);
        const row = await tx.findInvitation(invitationId);
        if (!space || !usable(row) || row.space_id !== space.id) throw noInvitation();
        const identity = await tx.findIdentity(user.uid);
        if (!identity) throw new ApiError('space/no-identity');
        if (
          accept.invitation !== invitationId ||
          !accept.key ||
          !sameKey(accept.key, keyOfIdentity(identity))
        ) {
          throw unproven();
        }
        // The owner (who pays) and the member (whose spaces are counted), in one order: never a deadlock.
        for (const uid of [...new Set([space.owner_id, user.uid])].sort()) await quota.lockIn(trx, uid);
        if ((await tx.countMemberships(user.uid)) >= SPACES_PER_MEMBER_MAX) {
          throw new ApiError('space/too-many-spaces');
        }
        const { state } = await append(trx, signedIn, space.id, entry);
        letsIn = Object.entries(state.members)
          .filter(
            ([uid, member]) => uid !== user.uid && member.state === 'member' && member.role !== 'viewer',
          )
          .map(([uid]) => uid);
        await tx.markAccepted(invitationId, user.uid, isoAt(clock));
        return (await summaries(tx, user.uid, space.id))[0]!;
      });
      // Whoever may let the member in hears of the accept at once (their app wraps the key to it).
      await announce(letsIn);
      return joined;
    },

    /** Declines an invitation to the member's own address. */
    async decline({ user }: SignedIn, invitationId: string): Promise<void> {
      const mine = (row: SpaceInvitationRow | undefined): row is SpaceInvitationRow =>
        row !== undefined && row.email === user.email && row.accepted_by === null;
      const found = await store.findInvitation(invitationId);
      if (!mine(found)) throw noInvitation();
      await store.transaction(async (tx, trx) => {
        await lock(trx, found.space_id);
        if (
          !mine(await tx.findInvitation(invitationId)) ||
          !(await tx.deletePendingInvitation(invitationId))
        ) {
          throw noInvitation();
        }
      });
    },

    /** Resolves once the invitation mails on their way have gone (tests, shutdown). */
    async settle(): Promise<void> {
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}

// The spaces screens' views (model.ts) made from what this device checked: the server's `spaces` list gives only
// what the log cannot (members' e-mails, the addresses an owner invited, invitations to this member); roles,
// states, keys, invitations and epochs come from the verified log, trust from the member's settings, readiness from
// the epoch key this device holds, and names and colours from each space's own settings record (given: the space
// vault holds it).
import type { SpaceList, SpaceSummary } from '../../shared/schemas/spaces.js';
import { SPACE_COLOURS, type SpaceColour } from '../../shared/spaces/colours.js';
import type { VerifiedLog } from './log-view.js';
import type { InvitationToMe, KeyTrust, SpaceInvitationView, SpaceMemberView, SpaceView } from './model.js';

/** A space's name and colour, as its settings record says. */
export type SpaceNames = Record<string, { name: string; colour: SpaceColour }>;

export interface ViewInputs {
  me: string;
  list: Pick<SpaceList, 'spaces' | 'invitations'>;
  /** Each space's log as checked here (spaces no longer listed, but held: this member left or was removed). */
  logs: ReadonlyMap<string, VerifiedLog>;
  /** The spaces whose current epoch key this device holds. */
  ready: ReadonlySet<string>;
  /** Why a space's log was refused (its view is the last one that checked out). */
  refused: ReadonlyMap<string, 'altered' | 'withheld'>;
  trust: (uid: string, fingerprint: string) => KeyTrust;
  names: SpaceNames;
  /** E-mails this device invited, by invitation (the log names only their hashes). */
  invitedEmails: ReadonlyMap<string, string>;
  /** Invitations withdrawn (the log has no entry for it). */
  withdrawn: ReadonlySet<string>;
  now: number;
}

/** The name the views' inputs are kept under on the device (epoch-keys.ts keepValue), to show them offline. */
export const HELD_VIEWS = 'views';

/** The views' inputs as kept: the last list, the checked logs, the addresses this device invited, withdrawals. */
export interface HeldViews {
  list: SpaceList | null;
  logs: Record<string, VerifiedLog>;
  invitedEmails?: Record<string, string>;
  withdrawn?: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function membersOf(log: VerifiedLog, inputs: ViewInputs, emails: Map<string, string>): SpaceMemberView[] {
  return Object.entries(log.state.members)
    .map(([uid, member]) => {
      const email = emails.get(uid) ?? '';
      return {
        uid,
        email,
        name: email,
        role: member.role,
        state: member.state,
        trust: uid === inputs.me ? ('verified' as const) : inputs.trust(uid, member.fingerprint),
        you: uid === inputs.me,
      };
    })
    .sort((a, b) => (a.you === b.you ? (a.email < b.email ? -1 : 1) : a.you ? -1 : 1));
}

/**
 * The space's invitations still waiting, as its signed log has them: to an owner, the server's list says which are
 * still pending (withdrawn on another device, one is not) and the addresses any of the owner's devices invited (a
 * list kept from before it said so: what this device invited and withdrew).
 */
function invitationsOf(
  log: VerifiedLog,
  inputs: ViewInputs,
  listed: SpaceSummary['invitations'] | undefined,
): SpaceInvitationView[] {
  const pending = listed && new Map(listed.map((invitation) => [invitation.id, invitation]));
  return Object.entries(log.state.invitations)
    .filter(
      ([id, invitation]) =>
        !invitation.accepted &&
        invitation.expiresAt > inputs.now &&
        !inputs.withdrawn.has(id) &&
        (pending === undefined || pending.has(id)),
    )
    .map(([id, invitation]) => ({
      id,
      email: pending?.get(id)?.email || inputs.invitedEmails.get(id) || '',
      role: invitation.role,
      expiresAt: iso(invitation.expiresAt),
    }));
}

/** The views of this member's spaces: listed ones, then those held here that the member is no longer in. */
export function spaceViews(inputs: ViewInputs): SpaceView[] {
  const listed = new Map(inputs.list.spaces.map((space) => [space.id, space]));
  const ids = [...new Set([...listed.keys(), ...inputs.logs.keys()])];
  return ids.flatMap((id): SpaceView[] => {
    const log = inputs.logs.get(id);
    if (!log) return [];
    const { state } = log;
    const summary = listed.get(id);
    const emails = new Map(summary?.members.map((member) => [member.uid, member.email]));
    const me = state.members[inputs.me];
    const gone = !summary || !me || state.deleted;
    const status = gone ? 'removed' : me.state === 'member' && inputs.ready.has(id) ? 'ready' : 'joining';
    const role = me?.role ?? summary?.role ?? 'viewer';
    const tag = inputs.names[id] ?? { name: '', colour: SPACE_COLOURS[0] };
    const refused = inputs.refused.get(id);
    return [
      {
        id,
        name: tag.name,
        colour: tag.colour,
        role,
        status,
        writable: status === 'ready' && role !== 'viewer',
        epoch: state.epoch,
        members: membersOf(log, inputs, emails),
        invitations: role === 'owner' ? invitationsOf(log, inputs, summary?.invitations) : [],
        rotationDue: state.rotationDue,
        handoverTo: state.handoverTo,
        ...(refused ? { refused } : {}),
      },
    ];
  });
}

/** The invitations to this member, as the list gives them (never a space's name: the server cannot know it). */
export function invitationsToMe(list: Pick<SpaceList, 'invitations'>): InvitationToMe[] {
  return list.invitations.map((invitation) => ({
    id: invitation.id,
    spaceId: invitation.space,
    invitedBy: invitation.invitedBy,
    role: invitation.role,
    expiresAt: invitation.expiresAt,
  }));
}

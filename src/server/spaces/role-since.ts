// Whether a change in a space comes from before its author's role last changed (docs/spaces-plan.md §3, "Change
// format"): a change names the log head its author had applied (`logHead`); one whose head is older than the
// author's latest entry that changed what they may do (added, role, removed, left, took the space over, a new
// identity key) was signed under a standing the author no longer has, and the server refuses it at the push. Devices
// then need to check only the author's role at the change's head: a device that applied the role entry before such
// a change arrived would otherwise have to refuse an honest one, and its sync would stop.
import type { Executor } from '../db/stores.js';

/** The kinds of entry that change what a member may do, or with which key they sign. */
const ROLE_KINDS = ['add', 'role', 'remove', 'leave', 'handover-accept', 'rekey'] as const;

/** Whether an entry of a role kind concerns `uid` (a hand-over's offerer aside: `offerer`). */
function concerns(entry: { kind: string; author: string; body: string }, uid: string): boolean {
  switch (entry.kind) {
    case 'add':
    case 'role':
    case 'remove':
      // Checked and stored by the log's reducer, so the body is the entry's own JSON.
      return (JSON.parse(entry.body) as { uid?: unknown }).uid === uid;
    default:
      return entry.author === uid;
  }
}

/**
 * Whether `uid`'s role (or key) changed in the space's log after the entry whose hash is `logHead`. A head the
 * space's log does not hold names no standing the server can weigh: it passes here, and every device refuses the
 * change as withheld (its guard).
 */
export async function roleChangedSince(
  db: Executor,
  spaceId: string,
  uid: string,
  logHead: string,
): Promise<boolean> {
  const head = await db
    .selectFrom('space_log')
    .select('seq')
    .where('space_id', '=', spaceId)
    .where('hash', '=', logHead)
    .executeTakeFirst();
  if (!head) return false;
  const after = Number(head.seq);
  const entries = await db
    .selectFrom('space_log')
    .select(['seq', 'kind', 'author', 'body'])
    .where('space_id', '=', spaceId)
    .where('seq', '>', after)
    .where('kind', 'in', [...ROLE_KINDS])
    .orderBy('seq')
    .execute();
  for (const entry of entries) {
    if (concerns(entry, uid)) return true;
    // Taking the space over also makes its owner before an editor: the offer's signer (the owner then).
    if (entry.kind === 'handover-accept' && (await offerer(db, spaceId, Number(entry.seq))) === uid)
      return true;
  }
  return false;
}

/** Who signed the newest hand-over offer before `seq` (only an owner offers one). */
async function offerer(db: Executor, spaceId: string, seq: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('space_log')
    .select('author')
    .where('space_id', '=', spaceId)
    .where('kind', '=', 'handover')
    .where('seq', '<', seq)
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return row?.author;
}

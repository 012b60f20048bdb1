// Who may reach what a member keeps: their own documents, and the drives the backup relay may be pointed at.
import type { Actor } from './members.js';

/** A member's own row (a document): another member's is answered as if it did not exist. */
export const owns = (actor: { user: Pick<Actor['user'], 'uid'> }, row: { user_id: string }): boolean =>
  row.user_id === actor.user.uid;

/**
 * Whether the relay may reach a drive at this address: https only, unless the host allows drives on its own
 * network and plain http (self-hosting, tests). Which addresses it resolves to is checked as it connects
 * (http/outbound.ts).
 */
export const mayReachDrive = (url: string, allowPrivate: boolean): boolean =>
  allowPrivate || new URL(url).protocol === 'https:';

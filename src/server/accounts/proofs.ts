// What passkeys and sync ask of the accounts before and after a sensitive change (a password's, a passkey's, the
// synced vault's): that the member prove it is them, that a passkey proof counts as one, and that the member hears
// of a new passkey.
import type { DeviceName } from '../../shared/device.js';
import { isoAt } from '../core/clock.js';
import { passkeyAddedMail } from '../mail/templates.js';
import type { AccountContext, SignedIn } from './context.js';

export function memberProofService(ctx: AccountContext) {
  const { store, clock, send, deps, proveMember } = ctx;
  return {
    /**
     * The member proves it is them: with the current password now (counted against the login limits), or by a
     * password or passkey proof within the last few minutes of this session (policies/devices.ts, recentlyProven).
     */
    proveMember,

    /** A passkey of the member's was just used in this session: sensitive changes may follow for a few minutes. */
    async markProven(signedIn: SignedIn): Promise<void> {
      await store.markReauthenticated(signedIn.sessionId, isoAt(clock));
    },

    /** Mails the member that a passkey was added to their account. */
    passkeyAdded(signedIn: SignedIn, device: DeviceName): void {
      const lang = signedIn.user.lang;
      send(
        passkeyAddedMail(
          lang,
          signedIn.user.email,
          { at: new Date(clock()), device },
          `${deps.publicUrl}/?lang=${lang}`,
        ),
      );
    },
  };
}

export type MemberProof = ReturnType<typeof memberProofService>;

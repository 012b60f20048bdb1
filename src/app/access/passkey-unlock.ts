// Unlocking the vault with a fingerprint or face (docs/security.md, "Unlocking with a passkey"): the passkey's check
// in the browser (src/client/passkeys.ts), our server's word that the passkey still unlocks (src/server/passkeys),
// and the vault's wrap of its key for the passkey (src/app/vault/vault.ts). The PRF output a check gives stays on
// this page, and is wiped once used.
import { call, failureCode, type FailureCode } from '../../client/api.js';
import { readAutoLogoutMinutes } from '../../client/auto-logout.js';
import {
  checkWithPrf,
  offlineOptions,
  prfSupport,
  registerPasskey,
  type PasskeyProblem,
  type PrfCheck,
} from '../../client/passkeys.js';
import { STORAGE_KEYS } from '../../shared/constants.js';
import type { SessionResponse } from '../../shared/schemas/auth.js';
import { PRF_BYTES } from '../vault/crypto.js';
import type { Vault } from '../vault/vault.js';

/** Why a passkey did not unlock (or could not be made to): each has its message (src/app/copy.ts, passkey). */
export type UnlockProblem =
  | PasskeyProblem
  /** The browser or the authenticator gives no PRF output: this device cannot unlock with a passkey. */
  | 'no-prf'
  /** The master password typed to turn it on is not this vault's. */
  | 'wrong-master'
  /** The server asks for the account's password before a new passkey is made (signed in a while ago). */
  | 'account-password'
  /** The passkey no longer unlocks: removed from the list, or a new master password ended it. */
  | 'ended'
  /** The check's output does not open this device's key (another passkey answered). */
  | 'refused'
  /** The master password is due first (14 days, or 5 failed checks). */
  | 'master-due';

export type UnlockOutcome = { ok: true } | { ok: false; problem: UnlockProblem };

/** The member this device's passkey unlock belongs to, kept for a sign-in while signed out (not a secret). */
export interface PasskeyHint {
  uid: string;
  email: string;
  credentialId: string;
}

export function passkeyHint(): PasskeyHint | null {
  try {
    const stored = JSON.parse(
      localStorage.getItem(STORAGE_KEYS.passkeyUnlock) ?? 'null',
    ) as Partial<PasskeyHint> | null;
    return stored &&
      typeof stored.uid === 'string' &&
      typeof stored.email === 'string' &&
      typeof stored.credentialId === 'string'
      ? { uid: stored.uid, email: stored.email, credentialId: stored.credentialId }
      : null;
  } catch {
    return null;
  }
}

function keepHint(hint: PasskeyHint | null): void {
  try {
    if (hint) localStorage.setItem(STORAGE_KEYS.passkeyUnlock, JSON.stringify(hint));
    else localStorage.removeItem(STORAGE_KEYS.passkeyUnlock);
  } catch {
    // Without storage the one check for both (sign-in and unlock) is not offered; everything else works.
  }
}

const failed = (problem: UnlockProblem): { ok: false; problem: UnlockProblem } => ({ ok: false, problem });

/**
 * Whether this device can unlock with a passkey: the browser's answer, unless a try here found its passkeys give no
 * PRF output (the browser said it could; the authenticator could not). Then nothing is offered that cannot work.
 */
export async function passkeyUnlockSupport(): Promise<'ready' | UnlockProblem> {
  try {
    if (localStorage.getItem(STORAGE_KEYS.passkeyNoPrf) === '1') return 'no-prf';
  } catch {
    // Without storage, the browser's answer alone.
  }
  return prfSupport();
}

function rememberNoPrf(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.passkeyNoPrf, '1');
  } catch {
    // Without storage the next try finds it out again (and takes its passkey back again).
  }
}

function apiProblem(failure: unknown): UnlockProblem {
  const code: FailureCode = failureCode(failure);
  if (code === 'passkey/unlock-ended' || code === 'passkey/not-found') return 'ended';
  if (code === 'auth/reauth-required') return 'account-password';
  return code === 'network' ? 'network' : `api:${code}`;
}

/**
 * Turns on unlocking with a fingerprint or face on this device, proven by the master password: a passkey of the
 * member's on this device (made now, with the PRF extension, unless it has one already) is checked for its PRF
 * output, which wraps the vault's key here; then the server is told this passkey unlocks. Two prompts when a passkey
 * is made: making it, then using it. `accountPassword`: when the server asks for it before a passkey is made.
 */
export async function enrolPasskeyUnlock(
  vault: Vault,
  member: { uid: string; email: string },
  masterPassword: string,
  accountPassword?: string,
): Promise<UnlockOutcome> {
  const support = await prfSupport();
  if (support !== 'ready') return failed(support);
  if (!(await vault.checkMasterPassword(masterPassword))) return failed('wrong-master');
  const made = await registerPasskey(accountPassword);
  if (!made.ok && made.problem !== 'already-registered') {
    return failed(made.problem === 'api:auth/reauth-required' ? 'account-password' : made.problem);
  }
  const outcome = await unlockWith(vault, member, masterPassword, made.ok ? made.value : undefined);
  if (!outcome.ok) {
    // A passkey made for this and not unlocking after all goes again: the member asked for an unlock, not for a
    // sign-in passkey. One they had before stays.
    if (made.ok) await call('deletePasskey', { params: { id: made.value.passkeyId } }).catch(() => undefined);
    if (outcome.problem === 'no-prf') rememberNoPrf();
  }
  return outcome;
}

/** The rest of enrolPasskeyUnlock, with the passkey just `made` (undefined: one of before, found by the check). */
async function unlockWith(
  vault: Vault,
  member: { uid: string; email: string },
  masterPassword: string,
  made: { credentialId: string; prf: boolean | undefined } | undefined,
): Promise<UnlockOutcome> {
  if (made?.prf === false) return failed('no-prf');
  let options;
  try {
    options = await call('passkeyUnlockOptions');
  } catch (failure) {
    return failed(apiProblem(failure));
  }
  const prfSalt = crypto.getRandomValues(new Uint8Array(PRF_BYTES));
  const checked = await checkWithPrf(options, prfSalt, made?.credentialId);
  if (!checked.ok) return failed(checked.problem);
  return withPrf(checked.value, async ({ response }, prf) => {
    let passkeyId: string;
    try {
      ({ passkeyId } = await call('passkeyUnlockCheck', { body: { response, enrol: true } }));
    } catch (failure) {
      return failed(apiProblem(failure));
    }
    const kept = await vault.enrolPasskey(
      masterPassword,
      { credentialId: response.id, passkeyId },
      prfSalt,
      prf,
    );
    if (kept !== 'ok') {
      await call('endPasskeyUnlock', { params: { id: passkeyId } }).catch(() => undefined);
      return failed('wrong-master');
    }
    keepHint({ uid: member.uid, email: member.email, credentialId: response.id });
    return { ok: true };
  });
}

/** Runs `work` with a check's PRF output, wiped afterwards; no output: this authenticator gives none. */
async function withPrf<T extends UnlockOutcome>(
  check: PrfCheck,
  work: (check: PrfCheck, prf: Uint8Array<ArrayBuffer>) => Promise<T>,
): Promise<T | UnlockOutcome> {
  const prf = check.prf;
  if (!prf || prf.length !== PRF_BYTES) return failed('no-prf');
  try {
    return await work(check, prf);
  } finally {
    prf.fill(0);
  }
}

/**
 * Unlocks the vault with this device's passkey. Online, our server first confirms the passkey still unlocks (one
 * removed from the list, or ended by a new master password, is forgotten here); offline, the authenticator's own
 * check is all there is until the next time online. A check that does not unlock counts toward the master password.
 */
export async function unlockWithPasskey(vault: Vault, online: boolean): Promise<UnlockOutcome> {
  const passkey = vault.passkey;
  if (!passkey) return failed('ended');
  if (vault.masterPasswordDue()) return failed('master-due');
  let options = offlineOptions();
  let verify = online;
  if (online) {
    try {
      options = await call('passkeyUnlockOptions');
    } catch (failure) {
      const problem = apiProblem(failure);
      if (problem === 'ended') return ended(vault);
      if (problem !== 'network') return failed(problem);
      verify = false;
    }
  }
  const checked = await checkWithPrf(options, passkey.prfSalt, passkey.credentialId);
  if (!checked.ok) {
    if (checked.problem === 'cancelled' || checked.problem === 'denied') await vault.passkeyFailed();
    return failed(checked.problem);
  }
  return withPrf(checked.value, async ({ response }, prf) => {
    if (verify) {
      try {
        await call('passkeyUnlockCheck', { body: { response, enrol: false } });
      } catch (failure) {
        const problem = apiProblem(failure);
        if (problem === 'ended') return ended(vault);
        // The server went away meanwhile: the authenticator's check stands, as offline.
        if (problem !== 'network') {
          await vault.passkeyFailed();
          return failed(problem);
        }
      }
    }
    const opened = await vault.unlockWithPasskey(prf);
    if (opened === 'ok') return { ok: true };
    if (opened === 'none') return ended(vault);
    return failed(opened === 'master-due' ? 'master-due' : 'refused');
  });
}

async function ended(vault: Vault): Promise<UnlockOutcome> {
  await vault.forgetPasskey();
  keepHint(null);
  return failed('ended');
}

/**
 * Signed out, with this device's passkey unlock: one check signs in (our server's passkey sign-in) and unlocks the
 * vault (its PRF output). Answers the session (maybe waiting for another device's confirmation) and whether the
 * vault opened; a sign-in as another member, or with a passkey that no longer unlocks, leaves the vault locked.
 */
export async function signInAndUnlock(
  vault: Vault,
  hint: PasskeyHint,
): Promise<
  { ok: true; session: SessionResponse; unlocked: boolean } | { ok: false; problem: UnlockProblem }
> {
  const passkey = vault.passkey;
  if (!passkey || passkey.credentialId !== hint.credentialId) return failed('ended');
  let options;
  try {
    options = await call('passkeyLoginOptions');
  } catch (failure) {
    return failed(apiProblem(failure));
  }
  const checked = await checkWithPrf(options, passkey.prfSalt, passkey.credentialId);
  if (!checked.ok) return failed(checked.problem);
  const prf = checked.value.prf;
  try {
    let answer;
    try {
      answer = await call('passkeyLogin', {
        body: { response: checked.value.response, idleMinutes: readAutoLogoutMinutes() },
      });
    } catch (failure) {
      return failed(apiProblem(failure));
    }
    const { vaultUnlock, ...session } = answer;
    if (!session.user || session.user.uid !== hint.uid) return { ok: true, session, unlocked: false };
    if (!vaultUnlock) {
      await ended(vault);
      return { ok: true, session, unlocked: false };
    }
    if (!prf || prf.length !== PRF_BYTES || vault.masterPasswordDue())
      return { ok: true, session, unlocked: false };
    return { ok: true, session, unlocked: (await vault.unlockWithPasskey(prf)) === 'ok' };
  } finally {
    prf?.fill(0);
  }
}

/** This device's passkey no longer unlocks here: told to the server, then forgotten on the device. */
export async function turnOffPasskeyUnlock(vault: Vault): Promise<void> {
  const passkey = vault.passkey;
  if (passkey) await call('endPasskeyUnlock', { params: { id: passkey.passkeyId } });
  await vault.forgetPasskey();
  keepHint(null);
}

/**
 * The vault leaves this device (erased, or a sync logout): its passkey unlock ends with it, on the server too when
 * it can be reached (else the member's list shows it until turned off from another device).
 */
export async function leavePasskeyUnlock(vault: Vault): Promise<void> {
  const passkey = vault.passkey;
  keepHint(null);
  if (passkey) await call('endPasskeyUnlock', { params: { id: passkey.passkeyId } }).catch(() => undefined);
  await vault.forgetPasskey();
}

/** A new master password: no passkey of the member's unlocks any more, on any device (best effort when offline). */
export async function endEveryPasskeyUnlock(vault: Vault): Promise<void> {
  keepHint(null);
  await vault.forgetPasskey();
  await call('endPasskeyUnlocks').catch(() => undefined);
  vault.passkeysChanged();
}

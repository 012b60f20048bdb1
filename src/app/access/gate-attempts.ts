// How many wrong detail view passwords the gate takes (description §4, issue 17): three tries freely, then a wait
// that doubles with each wrong one (5 s, 10 s, 20 s … ), and after ten in a row the gate locks until the master
// password is given. The count is kept in the vault (encrypted, like the settings), so a reload or a new tab does
// not reset it; a right detail password or the master password clears it.
import { checkDetailPassword, type AppSettings } from '../settings.js';
import type { Vault } from '../vault/vault.js';

export const GATE_ATTEMPTS_ID = 'detail-gate';
/** Wrong tries before the first wait. */
export const GATE_FREE_TRIES = 3;
/** The first wait; each wrong try after it doubles it. */
export const GATE_FIRST_WAIT_MS = 5_000;
/** Wrong tries in a row that lock the gate until the master password is given. */
export const GATE_LOCK_AFTER = 10;

export interface GateAttempts {
  /** Wrong detail passwords in a row. */
  failures: number;
  /** When the last one was given (ms since the epoch). */
  lastFailureAt: number;
}

export const NO_FAILURES: GateAttempts = { failures: 0, lastFailureAt: 0 };

export type GateStatus = { state: 'open' } | { state: 'wait'; ms: number } | { state: 'locked' };

/** Whether the detail password may be tried now. */
export function gateStatus(attempts: GateAttempts, now: number): GateStatus {
  if (attempts.failures >= GATE_LOCK_AFTER) return { state: 'locked' };
  if (attempts.failures < GATE_FREE_TRIES) return { state: 'open' };
  const wait = GATE_FIRST_WAIT_MS * 2 ** (attempts.failures - GATE_FREE_TRIES);
  const left = attempts.lastFailureAt + wait - now;
  return left > 0 ? { state: 'wait', ms: left } : { state: 'open' };
}

export function readGateAttempts(vault: Vault): GateAttempts {
  const stored = vault.get<Partial<GateAttempts>>(GATE_ATTEMPTS_ID)?.value;
  const failures = Number(stored?.failures);
  const lastFailureAt = Number(stored?.lastFailureAt);
  return {
    failures: Number.isInteger(failures) && failures > 0 ? failures : 0,
    lastFailureAt: Number.isFinite(lastFailureAt) ? lastFailureAt : 0,
  };
}

/** Counts one wrong detail password. */
export async function recordGateFailure(vault: Vault, now: number): Promise<GateAttempts> {
  const stored = vault.get<Partial<GateAttempts>>(GATE_ATTEMPTS_ID)?.value;
  const next = { failures: readGateAttempts(vault).failures + 1, lastFailureAt: now };
  await vault.save('settings', GATE_ATTEMPTS_ID, stored, next);
  return next;
}

/** A right detail password, or the master password: the count starts again. */
export async function clearGateFailures(vault: Vault): Promise<void> {
  const stored = vault.get<Partial<GateAttempts>>(GATE_ATTEMPTS_ID)?.value;
  if (readGateAttempts(vault).failures > 0)
    await vault.save('settings', GATE_ATTEMPTS_ID, stored, NO_FAILURES);
}

/**
 * Whether the member's own detail view password may stand in for the master password now: one is set (the default
 * 0000 proves nothing) and the gate takes tries.
 */
export function detailPasswordAccepted(vault: Vault, settings: AppSettings, now: number): boolean {
  return settings.detailPassword !== null && gateStatus(readGateAttempts(vault), now).state === 'open';
}

/**
 * A password given before an action that exports or replaces what the gate protects: the master password, or the
 * member's own detail view password while it is accepted. A wrong one counts against the gate like a wrong detail
 * password (else this would be a way round its limit); a right one clears the count.
 */
export async function proveOwner(
  vault: Vault,
  settings: AppSettings,
  password: string,
  now: number,
): Promise<boolean> {
  const detail = detailPasswordAccepted(vault, settings, now);
  const ok =
    (detail && (await checkDetailPassword(settings, password))) ||
    (await vault.checkMasterPassword(password));
  if (ok) await clearGateFailures(vault);
  else if (settings.detailPassword !== null) await recordGateFailure(vault, now);
  return ok;
}

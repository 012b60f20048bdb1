// The app session (description §3): who opened the vault in this tab, when, and how — after the site's sign-in with
// the master password (homepageLogin) or with a fingerprint or face (biometricLogin). Kept for the tab only
// (sessionStorage), nothing secret; it ends when the vault locks.
import { STORAGE_KEYS } from '../../shared/constants.js';
import type { UnlockedWith } from '../vault/vault.js';

export interface AppSession {
  email: string;
  uid: string;
  loginTime: string;
  sessionId: string;
  homepageLogin?: true;
  biometricLogin?: true;
}

/** Records the session the vault was just opened for. */
export function recordAppSession(member: { uid: string; email: string }, via: UnlockedWith): void {
  const session: AppSession = {
    email: member.email,
    uid: member.uid,
    loginTime: new Date().toISOString(),
    sessionId: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join(''),
    ...(via === 'passkey' ? { biometricLogin: true as const } : { homepageLogin: true as const }),
  };
  try {
    sessionStorage.setItem(STORAGE_KEYS.appSession, JSON.stringify(session));
  } catch {
    // Without storage the session is not recorded; the vault works the same.
  }
}

/** This tab's app session, if the vault is open in it. */
export function readAppSession(): AppSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.appSession) ?? 'null') as AppSession | null;
    return stored && typeof stored.uid === 'string' && typeof stored.loginTime === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export function endAppSession(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.appSession);
  } catch {
    // Nothing recorded, nothing to end.
  }
}

// Who is using the app. Online, the server's session decides; offline, the member who last signed in on this
// device may keep using their (still encrypted) vault. Every page of the website remembers or forgets the member
// as it reads the session, so the API client loads only for the checks and the logout made here.
import type { SessionResponse } from '../shared/schemas/auth.js';
import { STORAGE_KEYS } from '../shared/constants.js';

// The member who last signed in on this device (description §3 "homepage session user"): their uid and e-mail,
// nothing secret. Written once the server confirms a verified session, removed when it says there is none or
// on logout.
export interface Member {
  uid: string;
  email: string;
}

export function lastMember(): Member | null {
  try {
    const stored = JSON.parse(
      localStorage.getItem(STORAGE_KEYS.appMember) ?? 'null',
    ) as Partial<Member> | null;
    return stored && typeof stored.uid === 'string' && typeof stored.email === 'string'
      ? { uid: stored.uid, email: stored.email }
      : null;
  } catch {
    return null;
  }
}

export function rememberMember(member: Member): void {
  try {
    localStorage.setItem(STORAGE_KEYS.appMember, JSON.stringify({ uid: member.uid, email: member.email }));
  } catch {
    // Without storage the site and the app still work online.
  }
}

export function forgetMember(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.appMember);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

export type MemberCheck =
  | { status: 'signed-in'; member: Member }
  | { status: 'offline'; member: Member }
  | { status: 'signed-out' }
  | { status: 'unverified' }
  | { status: 'offline-unknown' };

export async function checkMember(timeoutMs = 8000): Promise<MemberCheck> {
  let session: SessionResponse;
  try {
    const { call } = await import('./api.js');
    session = await call('session', {}, { timeoutMs });
  } catch {
    const member = lastMember();
    return member ? { status: 'offline', member } : { status: 'offline-unknown' };
  }
  if (!session.user) {
    // Signed out, or a sign-in still waiting for approval on another device: neither opens the vault here.
    forgetMember();
    return { status: 'signed-out' };
  }
  if (!session.user.emailVerified) return { status: 'unverified' };
  const member = { uid: session.user.uid, email: session.user.email };
  rememberMember(member);
  return { status: 'signed-in', member };
}

/** Ends the server session (when online) and forgets the member on this device. */
export async function logOut(): Promise<void> {
  forgetMember();
  await import('./api.js').then(({ call }) => call('logout')).catch(() => undefined);
}

export function loginUrl(lang: string): string {
  return `/?auth=login&lang=${encodeURIComponent(lang)}`;
}

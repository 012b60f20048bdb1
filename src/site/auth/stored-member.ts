// The member who last signed in on this device (description §3 "homepage session user"): their uid and
// e-mail, nothing secret. Written once the server confirms a verified session, removed when it says there is
// none or on logout. Offline, the app lets this member open their (still encrypted) vault and the fortune
// page shows them their fortune.
import { STORAGE_KEYS } from '../../shared/constants.js';

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

// Which routes each kind of caller reaches: every access level against every kind of caller, and the code each
// refusal answers (the routes' guard answers exactly these: accounts/access.ts).
import { describe, expect, it } from 'vitest';
import type { Access } from '../../shared/api/index.js';
import { isAdmin, isMember, isSignedIn, refusalOf, type Actor } from './members.js';

const actor = (kind: 'pending' | 'unverified' | 'member' | 'admin' | 'pending admin'): Actor => ({
  sessionId: 's1',
  pending: kind.startsWith('pending'),
  user: { uid: 'u1', emailVerified: kind !== 'unverified', isAdmin: kind.endsWith('admin') },
});

describe('members policy', () => {
  it('grants nothing to a sign-in waiting for the new-device check, even an admin’s', () => {
    for (const waiting of [actor('pending'), actor('pending admin')]) {
      expect(isSignedIn(waiting)).toBe(false);
      expect(isMember(waiting)).toBe(false);
      expect(isAdmin(waiting)).toBe(false);
    }
  });

  it('makes a member of a confirmed session with a verified address, an admin of a member with the role', () => {
    expect(isSignedIn(null)).toBe(false);
    expect([isSignedIn(actor('unverified')), isMember(actor('unverified'))]).toEqual([true, false]);
    expect([isMember(actor('member')), isAdmin(actor('member'))]).toEqual([true, false]);
    expect(isAdmin(actor('admin'))).toBe(true);
    // The role without a verified address is no admin.
    expect(isAdmin({ ...actor('admin'), user: { ...actor('admin').user, emailVerified: false } })).toBe(
      false,
    );
  });

  const callers = {
    nobody: null,
    pending: actor('pending'),
    unverified: actor('unverified'),
    member: actor('member'),
    admin: actor('admin'),
  };
  const expected: Record<Access, Record<keyof typeof callers, string | null>> = {
    public: { nobody: null, pending: null, unverified: null, member: null, admin: null },
    'any-session': {
      nobody: 'auth/unauthenticated',
      pending: null,
      unverified: null,
      member: null,
      admin: null,
    },
    session: {
      nobody: 'storage/unauthenticated',
      pending: 'session/pending',
      unverified: null,
      member: null,
      admin: null,
    },
    member: {
      nobody: 'storage/unauthenticated',
      pending: 'session/pending',
      unverified: 'storage/unauthenticated',
      member: null,
      admin: null,
    },
    admin: {
      nobody: 'auth/unauthenticated',
      pending: 'session/pending',
      unverified: 'auth/unauthenticated',
      member: 'auth/forbidden',
      admin: null,
    },
  };

  it.each(Object.keys(expected) as Access[])('answers each caller of a %s route', (access) => {
    const answers = Object.fromEntries(
      Object.entries(callers).map(([name, caller]) => [
        name,
        refusalOf(access, caller, 'storage/unauthenticated'),
      ]),
    );
    expect(answers).toEqual(expected[access]);
  });

  it('refuses with auth/unauthenticated where the route names no refusal of its own', () => {
    expect(refusalOf('member', null)).toBe('auth/unauthenticated');
    expect(refusalOf('session', null)).toBe('auth/unauthenticated');
  });
});

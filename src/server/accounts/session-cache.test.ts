// The checked-sessions cache (context.ts): a session read from the database before a member's sessions changed
// (a sign-in ended, a device removed, a logout) and answered after is not kept — a request under way while the
// sign-in was ended would otherwise put the ended session back for SESSION_CACHE_MS. PostgreSQL's runs of
// new-device.test.ts "takes five tries at most…" met it: the fifth wrong code ended the sign-in while the other
// guesses were being checked, and the right code, sent after, still found the session.
import { describe, expect, it } from 'vitest';
import { sessionCache, type SignedIn } from './context.js';

const entry = (uid: string) => ({
  signedIn: { sessionId: `s-${uid}`, user: { uid }, pending: true } as unknown as SignedIn,
  row: { created_at: '2026-12-03T00:00:00.000Z', approval: 'pending', idle_minutes: 0, expires_at: '9999' },
});

describe('the checked-sessions cache', () => {
  it('does not keep a session read before a member’s sessions changed', () => {
    const cache = sessionCache(() => 0);
    const readAt = cache.version();
    // Meanwhile the sign-in is ended, and the news drops what the cache held of the member.
    cache.forgetUser('mum');
    const answered = cache.put('token', entry('mum'), readAt);
    expect(answered.signedIn.sessionId).toBe('s-mum');
    expect(cache.get('token')).toBeUndefined();
  });

  it('keeps one read since, until the member’s sessions change', () => {
    const cache = sessionCache(() => 0);
    cache.forgetUser('someone else');
    cache.put('token', entry('mum'), cache.version());
    expect(cache.get('token')?.signedIn.sessionId).toBe('s-mum');
    cache.forgetUser('mum');
    expect(cache.get('token')).toBeUndefined();
  });
});

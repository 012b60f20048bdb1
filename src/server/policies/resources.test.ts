// A member's own rows, and the drives the backup relay may reach.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../http/errors.js';
import { authorize } from './authorize.js';
import { mayReachDrive, owns } from './resources.js';

describe('resources policy', () => {
  it('gives a member their own rows and no one else’s', () => {
    expect(owns({ user: { uid: 'alice' } }, { user_id: 'alice' })).toBe(true);
    expect(owns({ user: { uid: 'mallory' } }, { user_id: 'alice' })).toBe(false);
  });

  it('lets the relay reach drives over https only, unless the host allows its own network', () => {
    expect(mayReachDrive('https://cloud.example.com/remote.php/dav', false)).toBe(true);
    expect(mayReachDrive('http://cloud.example.com/remote.php/dav', false)).toBe(false);
    expect(mayReachDrive('http://127.0.0.1:8080/dav', true)).toBe(true);
  });

  it('refuses with the code given when a policy says no', () => {
    expect(() => authorize(true, 'storage/object-not-found')).not.toThrow();
    expect(() => authorize(false, 'storage/object-not-found')).toThrow(
      expect.objectContaining({ code: 'storage/object-not-found' }) as ApiError,
    );
  });
});

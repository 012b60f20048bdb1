// Who may do what in a shared space, from the caller's membership.
import { describe, expect, it } from 'vitest';
import { completesMember, managesSpace, readsSpace, type Membership } from './spaces.js';

const as = (role: Membership['role'], state: Membership['state'] = 'member'): Membership => ({ role, state });

describe('spaces policy', () => {
  it('lets every member read the space, one still joining too, and no stranger', () => {
    expect(readsSpace(undefined)).toBe(false);
    for (const membership of [as('owner'), as('editor'), as('viewer'), as('viewer', 'joining')]) {
      expect(readsSpace(membership)).toBe(true);
    }
  });

  it('lets only its owner manage it', () => {
    expect(managesSpace(as('owner'))).toBe(true);
    expect(managesSpace(as('editor'))).toBe(false);
    expect(managesSpace(as('viewer'))).toBe(false);
    expect(managesSpace(undefined)).toBe(false);
  });

  it('lets an owner or an editor who is a full member let an invitee in, never a viewer', () => {
    expect(completesMember(as('owner'))).toBe(true);
    expect(completesMember(as('editor'))).toBe(true);
    expect(completesMember(as('editor', 'joining'))).toBe(false);
    expect(completesMember(as('viewer'))).toBe(false);
    expect(completesMember(undefined)).toBe(false);
  });
});

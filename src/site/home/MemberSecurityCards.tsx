// The home page's security cards (passkeys, this account's devices), an island woken when a member is here: nothing
// for a visitor, and their code loads only for a member.
import { lazy, Suspense } from 'react';
import { useSession } from '../auth/session.js';

const SecurityCards = lazy(async () => ({ default: (await import('./SecurityCards.js')).SecurityCards }));

export function MemberSecurityCards() {
  const session = useSession();
  return session.user ? (
    <Suspense fallback={null}>
      <SecurityCards />
    </Suspense>
  ) : null;
}

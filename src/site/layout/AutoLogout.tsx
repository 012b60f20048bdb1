// The idle auto logout of a signed-in member's page (description §4, src/client/auto-logout.ts), as a part of the
// header that loads only once someone is signed in: a visitor's page runs none of it.
import { useAutoLogout } from '../../client/auto-logout.js';

export function AutoLogout({ onExpire }: { onExpire: (minutes: number) => void }) {
  useAutoLogout(onExpire, true);
  return null;
}

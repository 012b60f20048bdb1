// The update banner written through the API by an admin, for journeys about a home page that has one, or about
// another admin's change meeting a form (the admin page's own form is driven in e2e/banner.test.ts).
import type { BannerContent } from '../../src/shared/banner.js';
import { createAccount } from './accounts.js';
import type { RunningServer } from './server.js';

const PASSWORD = 'banner admin password 1';
/** Each admin's session cookie, by server and e-mail: the account is made once. */
const sessions = new Map<string, Promise<string>>();

async function adminSession(server: RunningServer, email: string): Promise<string> {
  await createAccount(server, email, PASSWORD);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * Writes the banner as the admin `email` (in the server's ADMIN_EMAILS; its account is made the first time), over
 * whatever banner there is.
 */
export async function writeBanner(
  server: RunningServer,
  email: string,
  content: BannerContent,
): Promise<void> {
  const key = `${server.url} ${email}`;
  if (!sessions.has(key)) sessions.set(key, adminSession(server, email));
  const cookie = await sessions.get(key)!;
  const headers = { 'content-type': 'application/json', origin: server.url, cookie };
  const current = await fetch(`${server.url}/api/admin/banner`, { headers });
  const { banner } = (await current.json()) as { banner: { revision: string } | null };
  const written = await fetch(`${server.url}/api/admin/banner`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...content, revision: banner?.revision ?? null }),
  });
  if (written.status !== 200) throw new Error(`the banner's write answered ${written.status}`);
}

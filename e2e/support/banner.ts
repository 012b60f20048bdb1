// The update banner written through the API by an admin, for journeys about a home page that has one (the admin
// page's own form has its journey in e2e/banner.test.ts).
import type { BannerContent } from '../../src/shared/banner.js';
import { createAccount } from './accounts.js';
import type { RunningServer } from './server.js';

/** Makes `email` an account (it must be in the server's ADMIN_EMAILS) and writes the banner as that admin. */
export async function writeBanner(
  server: RunningServer,
  email: string,
  content: BannerContent,
): Promise<void> {
  const password = 'banner admin password 1';
  await createAccount(server, email, password);
  const headers = { 'content-type': 'application/json', origin: server.url };
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const written = await fetch(`${server.url}/api/admin/banner`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ ...content, revision: null }),
  });
  if (written.status !== 200) throw new Error(`the banner's write answered ${written.status}`);
}

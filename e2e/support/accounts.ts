// Accounts made through the API, for journeys that start signed in.
import type { BrowserContext } from 'playwright-core';
import type { RunningServer } from './server.js';

/** Signs up and (unless asked not to) verifies an account as its owner does: the mailed link and the password. */
export async function createAccount(
  server: RunningServer,
  email: string,
  password: string,
  verified = true,
  lang: 'ko' | 'en' = 'en',
): Promise<void> {
  const headers = { 'content-type': 'application/json', origin: server.url };
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, lang }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  if (!verified) return;
  const mail = await server.mailTo(email);
  const opened = await fetch(`${server.url}/api/auth/verify-email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: mail.token, password }),
  });
  if (opened.status !== 200) throw new Error(`verification answered ${opened.status}`);
}

/** The cookies of each member's browsers signed in through the API, newest last. */
const browsers = new Map<string, string[]>();

/**
 * Logs in through the API and gives the browser context the session cookie and its device secret. A browser new
 * to a member who is signed in elsewhere waits for the new-device check: one of the member's browsers signed in
 * earlier approves it, as the member would there (the check itself has journeys of its own).
 */
export async function signInContext(
  server: RunningServer,
  context: BrowserContext,
  email: string,
  password: string,
): Promise<void> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  const cookies = response.headers.getSetCookie().join('; ');
  const cookie = /mg_session=([^;]+)/.exec(cookies)?.[1];
  const device = /mg_device=([^;]+)/.exec(cookies)?.[1];
  if (!cookie || !device) throw new Error(`login answered ${response.status}`);
  const answer = (await response.json()) as { pending?: unknown };
  if (answer.pending) await approveWaiting(server, email);
  browsers.set(email, [...(browsers.get(email) ?? []), `mg_session=${cookie}; mg_device=${device}`]);
  await context.addCookies([
    { name: 'mg_session', value: cookie, url: server.url, httpOnly: true, sameSite: 'Lax' },
    { name: 'mg_device', value: device, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
}

/** Approves the member's sign-ins waiting for the new-device check, from a browser of theirs still signed in. */
async function approveWaiting(server: RunningServer, email: string): Promise<void> {
  for (const cookie of [...(browsers.get(email) ?? [])].reverse()) {
    const listed = await fetch(`${server.url}/api/sessions`, { headers: { cookie } });
    if (listed.status !== 200) continue;
    const { sessions } = (await listed.json()) as { sessions: Array<{ id: string; pending: boolean }> };
    // This browser holds the member's vault: it may answer (src/server/accounts/devices.ts, canConfirm).
    const told = await fetch(`${server.url}/api/session/can-confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: '{}',
    });
    if (told.status !== 204) throw new Error(`can-confirm answered ${told.status}`);
    for (const waiting of sessions.filter((session) => session.pending)) {
      const approved = await fetch(`${server.url}/api/sessions/${waiting.id}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url, cookie },
        body: '{}',
      });
      if (approved.status !== 204) throw new Error(`approval answered ${approved.status}`);
    }
    return;
  }
  throw new Error(`no signed-in browser of ${email} to approve a new one`);
}

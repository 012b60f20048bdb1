// `npm run bench:spaces` (and the second half of `bench:sync`): a shared space (issue 47, docs/spaces-plan.md step 17)
// against the built server, every device a browser context of its own running the app's real code
// (bench/space-page/main.ts: the member's synced vault, their identity for spaces, the membership client, the space's
// epoch opened from the member's wrap and synced by the app's real SyncEngine over the space's series).
//  - Setup (not timed): MEMBERS members sign up, each on a device with a synced vault and an identity; the owner
//    creates a space, invites all but one, who accept and whom the owner's device lets in (the app's own entries
//    through the routes); the owner's device writes ENTRIES ledger entries into the space and syncs until a snapshot
//    covers them; then the last member is invited and let in, and the same number of entries goes into their own
//    vault (the baseline below).
//  - First sync: that new member on a new device (a fresh browser context) first joins their own vault (the master
//    password; its first sync of the same entries, the key derivation apart, is the same-run baseline), then opens
//    K_e from its wrap and syncs the space until every entry is here. Median of RUNS (target ≤ 10 s), its ratio to
//    the baseline, and the same browser's raw download of the same bytes (state, snapshot, changes after it).
//  - Live edits: every member's device has the space open and listens on /api/events (`space` news, which starts a
//    run of the engine, as in the app); a member edits an entry (members in turn, one edit every EDIT_GAP_MS); the
//    time until every other member's device holds the edit, p50 and p95 over EDITS edits (target p95 ≤ 2 s); beside
//    it any one device's time, the news's (when the `space` event reached the devices) and the server's CPU per edit.
//    SPACE_TRACE=1 prints one listening device's requests as the edits arrive; SPACE_PROFILE=file writes its CPU
//    profile over the edits (a .cpuprofile for Chromium's DevTools).
//  - Rotation (the owner removes a member and rotates): not timed here. The issue sets it no target, and what the
//    members who stay wait for is each device taking the new epoch's snapshot — the first sync above, at the
//    space's size — after one request of the owner's (src/app/spaces/rotation.test.ts covers it end to end).
// BENCH_SMOKE=1 (bench/lib/result.mjs): 3 members, 50 entries, one run, 3 edits. Writes bench/spaces.json.
import path from 'node:path';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { chromePath, CHROME_ARGS } from '../scripts/chrome.mjs';
import { buildPage, devicePage, proxy } from './lib/bench-page.mjs';
import { median, percentile } from './lib/load.mjs';
import { size, writeResult } from './lib/result.mjs';
import { PASSWORD, startBenchServer } from './lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MEMBERS = size('SPACE_MEMBERS', 10, 3);
const ENTRIES = size('SPACE_ENTRIES', 10_000, 50);
const RUNS = size('RUNS', 3, 1);
const EDITS = size('SPACE_EDITS', 100, 3);
const EDIT_GAP_MS = size('EDIT_GAP_MS', 1000, 200);
const TARGETS = { firstSyncMs: 10_000, editP95Ms: 2000 };
const SERVER_ENV = { USER_QUOTA_MB: '100000' };
const TRACE = process.env.SPACE_TRACE === '1';
const PROFILE = process.env.SPACE_PROFILE;

/** @typedef {{ page: import('playwright-core').Page; close: () => Promise<void> }} Device */

/**
 * Calls the page's `name` (bench/space-page/main.ts) with `options`.
 * @param {Device} device @param {string} name @param {unknown} [options]
 * @returns {Promise<any>}
 */
const run = (device, name, options) =>
  device.page.evaluate(
    ([fn, arg]) => /** @type {any} */ (window)[fn](arg),
    /** @type {const} */ ([name, options]),
  );

/**
 * A further browser of a member's, approved from their first (a known device), signed in: its cookies.
 * @param {Awaited<ReturnType<typeof startBenchServer>>} server @param {string} email @param {string} first
 */
async function anotherBrowser(server, email, first) {
  const [device] = await server.knownBrowsers(email, first, 1);
  const login = await server.post(
    '/api/auth/login',
    { email, password: PASSWORD, idleMinutes: 0 },
    { cookie: device ?? '' },
  );
  const session = /mg_session=[^;]+/.exec(login.headers.getSetCookie().join('; '))?.[0];
  if (!session) throw new Error(`another login answered ${login.status}`);
  return `${session}; ${device}`;
}

/** Server CPU time (ms) from /proc. @param {number} pid */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Waits until `done()` holds, checking every `everyMs`, at most `timeoutMs`. */
async function until(/** @type {() => Promise<boolean>} */ done, everyMs = 100, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return true;
}

buildIfStale(root);
const browser = await chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS });
const dir = await buildPage('space-page');
const server = await startBenchServer({ database: 'sqlite', env: SERVER_ENV });
const site = await proxy(dir, server.base);
/** @type {Device[]} */
const devices = [];
/** @type {Record<string, any>} */
const results = { date: new Date().toISOString(), targets: TARGETS, members: MEMBERS, entries: ENTRIES };
try {
  const startedSetup = Date.now();
  const emails = Array.from({ length: MEMBERS }, (_, index) => `space-${index}@example.com`);
  /** @type {string[]} */
  const cookies = [];
  for (const email of emails) {
    cookies.push(await server.member(email));
    const device = await devicePage(browser, site.origin, cookies.at(-1) ?? '');
    await run(device, 'signIn', { name: email });
    devices.push(device);
  }
  const [owner] = /** @type {[Device]} */ (devices);
  const spaceId = await run(owner, 'create');
  await run(owner, 'openSpace', { spaceId, expect: 0, listen: true });
  /** Invites member `index`, who accepts; the owner's device lets them in. @param {number} index */
  const letIn = async (index) => {
    const invitation = await run(owner, 'invite', { spaceId, email: emails[index] });
    await run(/** @type {Device} */ (devices[index]), 'accept', { invitation });
    const views = await run(owner, 'refresh');
    if (!views.some((/** @type {{ id: string }} */ view) => view.id === spaceId))
      throw new Error('the space is gone');
  };
  for (let index = 1; index < MEMBERS - 1; index++) await letIn(index);
  const filled = await run(owner, 'fill', { spaceId, count: ENTRIES });
  if (ENTRIES >= 1000 && !filled.snapshot)
    throw new Error(`no snapshot after ${ENTRIES} entries: ${JSON.stringify(filled)}`);
  await letIn(MEMBERS - 1);
  // The baseline: the same entries in the new member's own vault, which their new device syncs first.
  await run(/** @type {Device} */ (devices[MEMBERS - 1]), 'seedOwn', { count: ENTRIES });
  results.setup = { ...filled, ms: Date.now() - startedSetup };
  console.log(`Setup: ${MEMBERS} members, ${ENTRIES} entries: ${JSON.stringify(results.setup)}`);

  console.log(`First sync of the space on the new member's new device, ${RUNS} runs`);
  const newcomer = MEMBERS - 1;
  /** @type {any[]} */
  const runs = [];
  for (let attempt = 0; attempt < RUNS; attempt++) {
    const cookie = await anotherBrowser(server, emails[newcomer] ?? '', cookies[newcomer] ?? '');
    const device = await devicePage(browser, site.origin, cookie);
    try {
      const signedIn = await run(device, 'signIn', { name: `new device ${attempt}` });
      const synced = await run(device, 'openSpace', { spaceId, expect: ENTRIES, listen: false });
      const raw = await run(device, 'rawDownload', { spaceId });
      const figures = {
        totalMs: synced.totalMs,
        keyMs: synced.keyMs,
        syncMs: synced.syncMs,
        records: synced.records,
        ownMs: signedIn.joinMs,
        ownRecords: signedIn.records,
        kdfMs: signedIn.kdfMs,
        rawMs: raw.ms,
        rawBytes: raw.bytes,
        timings: synced.timings,
      };
      console.log(`  run ${attempt + 1}: ${JSON.stringify(figures)}`);
      runs.push(figures);
    } finally {
      await device.close();
    }
  }
  const pick = (/** @type {string} */ key) => median(runs.map((figures) => figures[key]));
  results.firstSync = {
    entries: ENTRIES,
    totalMs: pick('totalMs'),
    keyMs: pick('keyMs'),
    ownMs: pick('ownMs'),
    rawMs: pick('rawMs'),
    rawBytes: pick('rawBytes'),
    ownRatio: median(runs.map((figures) => figures.totalMs / figures.ownMs)),
    rawRatio: median(runs.map((figures) => figures.totalMs / figures.rawMs)),
    runs,
  };
  console.log(
    `  median ${Math.round(results.firstSync.totalMs)} ms (target ≤ ${TARGETS.firstSyncMs}); the member's own vault of as many entries ${Math.round(results.firstSync.ownMs)} ms (×${results.firstSync.ownRatio.toFixed(2)}); raw download ${Math.round(results.firstSync.rawMs)} ms (×${results.firstSync.rawRatio.toFixed(1)})`,
  );

  console.log(`Live edits: ${MEMBERS} members' devices listening, ${EDITS} edits`);
  for (const device of devices.slice(1)) {
    await run(device, 'openSpace', { spaceId, expect: ENTRIES, listen: true });
  }
  for (const device of devices) await run(device, 'hearNews', { spaceId });
  if (TRACE) {
    const probe = /** @type {Device} */ (devices[1]).page;
    /** @type {Map<any, number>} */
    const started = new Map();
    probe.on('request', (request) => started.set(request, Date.now()));
    probe.on('requestfinished', (request) =>
      console.log(
        `    ${Date.now() % 100_000} ${request.method()} ${request.url().replace(`${site.origin}/api/spaces/${spaceId}`, '…')} ${Date.now() - (started.get(request) ?? 0)} ms`,
      ),
    );
  }
  const profiler = PROFILE
    ? await /** @type {Device} */ (devices[1]).page
        .context()
        .newCDPSession(/** @type {Device} */ (devices[1]).page)
    : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  /** @type {Array<{ edit: number; editor: number; at: number }>} */
  const made = [];
  const cpuBefore = cpuMs(server.pid);
  for (let edit = 0; edit < EDITS; edit++) {
    const editor = edit % MEMBERS;
    const id = `ledger-${(edit * 37) % ENTRIES}`;
    const memo = `edit ${edit} by member ${editor}`;
    await Promise.all(
      devices.map((device, index) =>
        index === editor ? undefined : run(device, 'expectEdit', { edit, id, memo }),
      ),
    );
    made.push({ edit, editor, at: await run(/** @type {Device} */ (devices[editor]), 'edit', { id, memo }) });
    if (TRACE) console.log(`  edit ${edit} at ${Date.now() % 100000}`);
    await new Promise((resolve) => setTimeout(resolve, EDIT_GAP_MS));
  }
  const serverCpuMs = cpuMs(server.pid) - cpuBefore;
  if (profiler && PROFILE) {
    const { profile } = await profiler.send('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(profile));
  }
  const edits = made.map((item) => item.edit);
  const since = made.map((item) => item.at);
  /** @type {Array<{ arrived: Array<number | null>; news: Array<number | null> }>} */
  let arrivals = [];
  await until(
    async () => {
      arrivals = await Promise.all(devices.map((device) => run(device, 'arrivals', { edits, since })));
      return made.every(({ edit, editor }) =>
        arrivals.every((times, index) => index === editor || times.arrived[edit] !== null),
      );
    },
    250,
    30_000,
  );
  /** Per edit, the last device's time; every device's, each on its own; the news's, each. @type {number[]} */
  const latencies = [];
  /** @type {number[]} */
  const each = [];
  /** @type {number[]} */
  const news = [];
  for (const { edit, editor, at } of made) {
    const others = arrivals.filter((_, index) => index !== editor);
    const times = others.map((times) => times.arrived[edit]);
    for (const time of times) if (time !== null && time !== undefined) each.push(time - at);
    for (const time of others.map((times) => times.news[edit]))
      if (typeof time === 'number') news.push(time - at);
    if (times.every((time) => time !== null)) latencies.push(Math.max(...times.map(Number)) - at);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  each.sort((a, b) => a - b);
  news.sort((a, b) => a - b);
  results.live = {
    devices: MEMBERS,
    edits: EDITS,
    gapMs: EDIT_GAP_MS,
    delivered: latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p95Ms: percentile(sorted, 0.95),
    maxMs: sorted.at(-1),
    // Any one device's time (not the last of them): what a member waits for on their own device.
    deviceP50Ms: percentile(each, 0.5),
    deviceP95Ms: percentile(each, 0.95),
    // The space's news reaching a device (the edit sent by the editor's engine, stored, announced): the rest of a
    // device's time is its own run taking the edit in.
    newsP50Ms: percentile(news, 0.5),
    newsP95Ms: percentile(news, 0.95),
    // The server's CPU time per edit: the edit's push, and each other device's run (its changes; the state and log
    // too when the news says the log moved).
    serverCpuMsPerEdit: serverCpuMs / EDITS,
  };
  console.log(`  ${JSON.stringify(results.live)}`);
  results.rotation = {
    measured: false,
    why: "no target; each member's device takes the new epoch's snapshot, as the first sync above",
  };
} finally {
  for (const device of devices) await device.close().catch(() => undefined);
  site.close();
  await server.stop();
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
writeResult('spaces', results);

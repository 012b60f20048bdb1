// `npm run bench:sync`: sync between a member's devices (issue 19, docs/sync.md), against the built server.
//  - First sync: a device seeds a vault (RECORDS diary entries and DOCUMENT_MB of documents) with the app's real
//    Vault and SyncEngine in Chromium and turns sync on; a second device (another browser context, another session)
//    opens the synced vault with the master password and syncs until every record and chunk is there. Median of
//    RUNS (target: 10,000 records + 100 MB ≤ 15 s), with the key derivation (the master password) apart, beside the
//    same browser's raw download of the same bytes as a same-run baseline.
//  - Growth: the first sync of GROWTH records (default 1,000, 10,000, 100,000; no documents), each also as a ratio
//    to the first.
//  - Live edits: MEMBERS members with DEVICES devices each keep /api/events open (500 simulated devices); one device
//    of a member sends an edit and the others fetch it when told; the time until the last of them has it, p50 and
//    p95 over EDITS edits (target p95 ≤ 2 s).
//  - Server cost: CPU time of the server process, and the bytes the database grew by (its log folded in) and the
//    quota counts, per 1,000 changes of a typical record.
// SYNC_PROFILE=<file>: the largest growth run's new device is profiled (its page's main thread, Chrome's sampling
// profiler); the profile is written there and its functions with the most time of their own are printed.
// BENCH_SMOKE=1 (bench/lib/result.mjs): one first sync of 50 records + 1 MB, growth at 50, 2 members × 2 devices
// and 5 edits. Writes bench/sync.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { chromePath, CHROME_ARGS } from '../scripts/chrome.mjs';
import { buildPage, devicePage, proxy } from './lib/bench-page.mjs';
import { percentile, median } from './lib/load.mjs';
import { list, size, writeResult } from './lib/result.mjs';
import { PASSWORD, startBenchServer } from './lib/server.mjs';
import { publishSyncedVault } from './lib/synced-vault.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The SQLite binding the server itself loads (src/server/db/database.ts).
const Database = createRequire(import.meta.url)('better-sqlite3');
const RUNS = size('RUNS', 3, 1);
const RECORDS = size('RECORDS', 10_000, 50);
const DOCUMENT_MB = size('DOCUMENT_MB', 100, 1);
const GROWTH = list('GROWTH', '1000,10000,100000', '50').map(Number);
const MEMBERS = size('MEMBERS', 100, 2);
const DEVICES = size('DEVICES', 5, 2);
const EDITS = size('EDITS', 300, 5);
const TARGETS = { firstSyncMs: 15_000, editP95Ms: 2000 };
const SERVER_ENV = { USER_QUOTA_MB: '100000', MAX_UPLOAD_MB: '4096' };
const PROFILE = process.env.SYNC_PROFILE;

/** @param {Awaited<ReturnType<typeof startBenchServer>>} server @param {string} email */
async function twoDevices(server, email) {
  const first = await server.member(email);
  const [device] = await server.knownBrowsers(email, first, 1);
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, cookie: device ?? '' },
    body: JSON.stringify({ email, password: PASSWORD, idleMinutes: 0 }),
  });
  const session = /mg_session=[^;]+/.exec(login.headers.getSetCookie().join('; '))?.[0];
  if (!session) throw new Error(`second login answered ${login.status}`);
  return [first, `${session}; ${device}`];
}

/**
 * Chrome's CPU profile, as much of it as is read here.
 * @typedef {{
 *   nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
 *   samples?: number[];
 *   timeDeltas?: number[];
 * }} CpuProfile
 */

/**
 * Writes a CPU profile to `file` and prints the functions with the most time of their own (main thread).
 * @param {CpuProfile} profile @param {string} file
 */
function printProfile(profile, file) {
  fs.writeFileSync(file, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const self = new Map();
  let total = 0;
  (profile.samples ?? []).forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    const ms = (profile.timeDeltas?.[index] ?? 0) / 1000;
    total += ms;
    const name = `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').pop() ?? ''}:${(frame?.lineNumber ?? 0) + 1}`;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  console.log(`  profile (${file}): ${Math.round(total)} ms sampled; most time of their own:`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`    ${String(Math.round(ms)).padStart(6)} ms  ${name}`);
  }
}

/**
 * One first sync: a fresh member, a seeded device, a new device timed.
 * @param {import('playwright-core').Browser} browser @param {Awaited<ReturnType<typeof startBenchServer>>} server
 * @param {string} origin @param {number} records @param {number} documentMb @param {string} name
 */
async function firstSync(browser, server, origin, records, documentMb, name, profile = false) {
  const [a, b] = await twoDevices(server, `${name}@example.com`);
  const seeder = await devicePage(browser, origin, a ?? '');
  const seeded = await seeder.page.evaluate((options) => /** @type {any} */ (window).seed(options), {
    member: `${name}-a`,
    records,
    documentMb,
  });
  await seeder.close();
  const joiner = await devicePage(browser, origin, b ?? '');
  const cdp = profile && PROFILE ? await joiner.page.context().newCDPSession(joiner.page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const synced = await joiner.page.evaluate((options) => /** @type {any} */ (window).firstSync(options), {
    member: `${name}-b`,
  });
  if (cdp && PROFILE) printProfile((await cdp.send('Profiler.stop')).profile, PROFILE);
  // The same bytes fetched raw by the same browser: the snapshot and every chunk, one after another.
  const raw = await joiner.page.evaluate(async () => {
    const started = performance.now();
    const state = await (await fetch('/api/sync')).json();
    let bytes = 0;
    if (state.snapshot)
      bytes += (await (await fetch(`/api/sync/snapshots/${state.snapshot.id}`)).arrayBuffer()).byteLength;
    return { ms: performance.now() - started, bytes };
  });
  await joiner.close();
  if (synced.records < records) throw new Error(`only ${synced.records} of ${records} records arrived`);
  return { ...synced, ...seeded, rawSnapshotMs: raw.ms, snapshotBytes: raw.bytes };
}

/** Server CPU time (ms) from /proc. @param {number} pid */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

/**
 * Bytes the server's SQLite database takes, its write-ahead log folded in first (a log reused in place would hide
 * what was added). @param {string} dir
 */
function databaseBytes(dir) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile() || /-(wal|shm|journal)$/.test(name)) continue;
    const head = Buffer.alloc(16);
    const fd = fs.openSync(file, 'r');
    fs.readSync(fd, head, 0, 16, 0);
    fs.closeSync(fd);
    if (head.toString('latin1') !== 'SQLite format 3\0') continue;
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
  }
  return folderBytes(dir);
}

/** What the member's quota counts of sync and documents (GET /api/sync). @param {string} base @param {string} cookie */
async function countedBytes(base, cookie) {
  return (await (await fetch(`${base}/api/sync`, { headers: { cookie } })).json()).usedBytes;
}

/** Bytes under a folder. @param {string} dir */
function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : fs.statSync(full).size;
  }
  return total;
}

const digest = () => crypto.randomBytes(32).toString('base64');

/** A device's chain as the server sees it (the server checks order and versions, not MACs). */
function chain() {
  let seq = 0;
  let prev = /** @type {string | null} */ (null);
  return {
    next(payloadBytes = 600) {
      seq += 1;
      const change = {
        seq,
        prev,
        rid: crypto.randomBytes(32).toString('base64url').slice(0, 43),
        base: null,
        heads: {},
        hash: digest(),
        mac: digest(),
        payload: crypto.randomBytes(payloadBytes).toString('base64'),
      };
      prev = change.mac;
      return change;
    },
  };
}

/**
 * Opens a member's event stream; calls `onSync(latest)` at each sync event.
 * @param {string} base @param {string} cookie @param {(latest: number) => void} onSync
 */
function stream(base, cookie, onSync) {
  const controller = new AbortController();
  const opened = fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal }).then(
    async (response) => {
      const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (response.body?.getReader());
      let buffer = '';
      (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buffer += Buffer.from(value ?? []).toString('utf8');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^event: sync\ndata: (.*)$/m.exec(message)?.[1];
            if (data) onSync(JSON.parse(data).latest);
          }
        }
      })();
    },
  );
  return { opened, close: () => controller.abort() };
}

/** Live edits with MEMBERS × DEVICES devices listening, and the server's cost per 1,000 changes. */
async function liveFigures() {
  const server = await startBenchServer({ database: 'sqlite', env: SERVER_ENV });
  try {
    const json = (/** @type {string} */ cookie) => ({
      'content-type': 'application/json',
      origin: server.base,
      cookie,
    });
    const members = [];
    for (let index = 0; index < MEMBERS; index++) {
      const email = `live-${index}@example.com`;
      const first = await server.member(email);
      const known = await server.knownBrowsers(email, first, DEVICES - 1);
      const sessions = [first];
      for (const device of known) {
        const login = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: json(device),
          body: JSON.stringify({ email, password: PASSWORD, idleMinutes: 0 }),
        });
        sessions.push(`${/mg_session=[^;]+/.exec(login.headers.getSetCookie().join('; '))?.[0]}; ${device}`);
      }
      const { device } = await publishSyncedVault(server.base, first);
      members.push({ sessions, device, chain: chain(), waiting: new Map(), after: new Map() });
    }
    process.stdout.write(`  ${MEMBERS * DEVICES} devices signed in; listening\n`);
    // Every device but the first listens; told of news, it fetches what is new, as the app does.
    const streams = [];
    for (const member of members) {
      for (const cookie of member.sessions.slice(1)) {
        member.after.set(cookie, 0);
        const listener = stream(server.base, cookie, async (/** @type {number} */ latest) => {
          const after = member.after.get(cookie) ?? 0;
          if (latest <= after) return;
          member.after.set(cookie, latest);
          const page = await (
            await fetch(`${server.base}/api/sync/changes?after=${after}`, { headers: { cookie } })
          ).json();
          const now = performance.now();
          for (const change of page.changes) {
            const waiting = member.waiting.get(change.at);
            if (!waiting) continue;
            waiting.left -= 1;
            if (waiting.left === 0) {
              waiting.resolve(now - waiting.started);
              member.waiting.delete(change.at);
            }
          }
        });
        streams.push(listener);
      }
    }
    await Promise.all(streams.map((listener) => listener.opened));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    /** @type {number[]} */
    const latencies = [];
    const pending = [];
    for (let edit = 0; edit < EDITS; edit++) {
      const member = /** @type {(typeof members)[number]} */ (members[edit % members.length]);
      const started = performance.now();
      const answer = await fetch(`${server.base}/api/sync/changes`, {
        method: 'POST',
        headers: json(member.sessions[0] ?? ''),
        body: JSON.stringify({ device: member.device, changes: [member.chain.next()] }),
      });
      const { stored } = await answer.json();
      pending.push(
        new Promise((resolve) => {
          member.waiting.set(stored[0], { started, left: DEVICES - 1, resolve });
        }).then((ms) => latencies.push(ms)),
      );
      // About 20 edits a second across the members.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 30_000))]);
    for (const listener of streams) listener.close();
    const sorted = [...latencies].sort((x, y) => x - y);

    // Cost: 1,000 changes of a typical record (600 bytes sealed), one member, pushed 50 at a time.
    const member = /** @type {(typeof members)[number]} */ (members[0]);
    const beforeCpu = cpuMs(server.pid);
    const beforeBytes = databaseBytes(server.dataDir);
    const beforeCounted = await countedBytes(server.base, member.sessions[0] ?? '');
    for (let batch = 0; batch < 20; batch++) {
      await fetch(`${server.base}/api/sync/changes`, {
        method: 'POST',
        headers: json(member.sessions[0] ?? ''),
        body: JSON.stringify({
          device: member.device,
          changes: Array.from({ length: 50 }, () => member.chain.next()),
        }),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const cost = {
      cpuMsPer1000: cpuMs(server.pid) - beforeCpu,
      diskBytesPer1000: databaseBytes(server.dataDir) - beforeBytes,
      quotaBytesPer1000: (await countedBytes(server.base, member.sessions[0] ?? '')) - beforeCounted,
    };
    return {
      devices: MEMBERS * DEVICES,
      edits: EDITS,
      delivered: latencies.length,
      p50Ms: percentile(sorted, 0.5),
      p95Ms: percentile(sorted, 0.95),
      maxMs: sorted.at(-1),
      ...cost,
    };
  } finally {
    await server.stop();
  }
}

buildIfStale(root);
const browser = await chromium.launch({ executablePath: await chromePath(), args: CHROME_ARGS });
const dir = await buildPage('sync-page');
const server = await startBenchServer({ database: 'sqlite', env: SERVER_ENV });
const site = await proxy(dir, server.base);
/** @type {Record<string, any>} */
const results = { date: new Date().toISOString(), targets: TARGETS };
try {
  console.log(`First sync: ${RECORDS} records + ${DOCUMENT_MB} MB, ${RUNS} runs`);
  /** @type {any[]} */
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const figures = await firstSync(browser, server, site.origin, RECORDS, DOCUMENT_MB, `first-${run}`);
    console.log(`  run ${run + 1}: ${JSON.stringify(figures)}`);
    runs.push(figures);
  }
  const pick = (/** @type {string} */ key) => median(runs.map((run) => run[key]));
  results.firstSync = {
    records: RECORDS,
    documentMb: DOCUMENT_MB,
    totalMs: pick('totalMs'),
    kdfMs: pick('kdfMs'),
    syncMs: pick('syncMs'),
    rawSnapshotMs: pick('rawSnapshotMs'),
    sendMs: pick('sendMs'),
    runs,
  };
  console.log(`  median ${Math.round(results.firstSync.totalMs)} ms (target ≤ ${TARGETS.firstSyncMs})`);

  console.log(`Growth: ${GROWTH.join(', ')} records`);
  results.growth = [];
  for (const records of GROWTH) {
    const largest = records === Math.max(...GROWTH);
    const figures = await firstSync(browser, server, site.origin, records, 0, `growth-${records}`, largest);
    const first = results.growth[0]?.totalMs ?? figures.totalMs;
    const row = {
      records,
      totalMs: figures.totalMs,
      syncMs: figures.syncMs,
      ratio: figures.totalMs / first,
      sendMs: figures.sendMs,
      sendTimings: figures.sendTimings,
      timings: figures.timings,
    };
    console.log(`  ${JSON.stringify(row)}`);
    results.growth.push(row);
  }
} finally {
  site.close();
  await server.stop();
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(`Live edits: ${MEMBERS} members × ${DEVICES} devices`);
results.live = await liveFigures();
console.log(`  ${JSON.stringify(results.live)}`);
writeResult('sync', results);

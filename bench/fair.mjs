// `npm run bench:fair`: one member cannot slow everyone (issue 43, item 3). A member keeps costly sync pushes in
// flight — 75 changes of 1,000 heads each, 3.2 MiB, built to cost the most to check and refused in the end — while
// a paced prober reads /api/health and another member pushes small changes one after another, as a device does.
//   - the health check's p50 and max under the attack (targets ≤ 100 ms and ≤ 1,000 ms);
//   - the other member's push p95 under the attack as a ratio of its p95 idle, measured in the same run just before
//     (target ≤ 1.5).
// With 4 pushes kept in flight, then 8. Medians of RUNS runs (default 3) of BENCH_SECONDS each (default 8), on
// SQLite. Writes bench/fair.json. BENCH_SMOKE=1: one run of 1 s, 4 in flight.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { median, percentile } from './lib/load.mjs';
import { list, size, writeResult } from './lib/result.mjs';
import { startBenchServer } from './lib/server.mjs';
import { publishSyncedVault } from './lib/synced-vault.mjs';

const SECONDS = size('BENCH_SECONDS', 8, 1);
const RUNS = size('RUNS', 3, 1);
const IN_FLIGHT = list('BENCH_IN_FLIGHT', '4,8', '4').map(Number);
const TARGETS = { healthP50Ms: 100, healthMaxMs: 1000, pushP95Ratio: 1.5 };
const PROBE_EVERY_MS = 50;

const id = () => crypto.randomBytes(16).toString('hex');
const digest = () => crypto.randomBytes(32).toString('base64');
const keyName = () => crypto.randomBytes(32).toString('base64url');

/** @typedef {Awaited<ReturnType<typeof startBenchServer>>} Server */
/** @typedef {{ cookie: string; device: string; seq: number; prev: string | null }} Victim */

/**
 * A member with a published vault and a registered device: what its device sends with.
 * @param {Server} server @param {string} email
 */
async function syncingMember(server, email) {
  const cookie = await server.member(email);
  const { device } = await publishSyncedVault(server.base, cookie);
  return { cookie, device };
}

/**
 * A change as a device makes it: `heads` other devices seen, a sealed payload of `payloadBytes`.
 * @param {number} seq @param {string | null} prev @param {Record<string, number>} heads @param {number} payloadBytes
 */
function change(seq, prev, heads, payloadBytes) {
  return {
    seq,
    prev,
    rid: keyName(),
    base: null,
    heads,
    hash: digest(),
    mac: digest(),
    payload: crypto.randomBytes(payloadBytes).toString('base64'),
  };
}

/** The attack's body: 75 changes of 1,000 heads, out of order (its first change claims a chain that is not there). */
/** @param {string} device */
function costlyPush(device) {
  const heads = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [id(), index + 1]));
  const changes = Array.from({ length: 75 }, (_, index) => change(index + 2, digest(), heads, 2000));
  return JSON.stringify({ device, changes });
}

/**
 * Sends `body` to `path` on a connection of its own; resolves with the status and the milliseconds to the answer.
 */
/** @returns {Promise<{ status: number; ms: number }>} */
function timed(
  /** @type {string} */ base,
  /** @type {string} */ path,
  /** @type {string} */ method,
  /** @type {string} */ cookie,
  /** @type {string | undefined} */ body = undefined,
) {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          origin: base,
          cookie,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
        response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

/**
 * For `ms`: the health check every PROBE_EVERY_MS, the other member's small pushes one after another, and (when
 * `attack` is set) that many costly pushes kept in flight. Gives the health latencies, the pushes' latencies and the
 * attack's answers by status.
 * @param {Server} server @param {Victim} victim @param {{ cookie: string; body: string }} attacker
 * @param {number} attack @param {number} ms
 */
async function phase(server, victim, attacker, attack, ms) {
  const until = performance.now() + ms;
  /** @type {number[]} */
  const health = [];
  /** @type {number[]} */
  const pushes = [];
  /** @type {Record<number, number>} */
  const refused = {};
  let seq = victim.seq;
  let prev = victim.prev;
  const probes = (async () => {
    while (performance.now() < until) {
      const next = performance.now() + PROBE_EVERY_MS;
      const answer = await timed(server.base, '/api/health', 'GET', '');
      health.push(answer.ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  const heads = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [id(), index + 1]));
  const syncing = (async () => {
    while (performance.now() < until) {
      const sent = change(seq + 1, prev, heads, 600);
      const answer = await timed(
        server.base,
        '/api/sync/changes',
        'POST',
        victim.cookie,
        JSON.stringify({ device: victim.device, changes: [sent] }),
      );
      if (answer.status !== 200) throw new Error(`the other member's push answered ${answer.status}`);
      pushes.push(answer.ms);
      seq += 1;
      prev = sent.mac;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const attacking = Array.from({ length: attack }, async () => {
    while (performance.now() < until) {
      const answer = await timed(server.base, '/api/sync/changes', 'POST', attacker.cookie, attacker.body);
      refused[answer.status] = (refused[answer.status] ?? 0) + 1;
    }
  });
  await Promise.all([probes, syncing, ...attacking]);
  victim.seq = seq;
  victim.prev = prev;
  return { health: health.sort((a, b) => a - b), pushes: pushes.sort((a, b) => a - b), refused };
}

buildIfStale(path.resolve(import.meta.dirname, '..'));
/** @typedef {{ healthP50Ms: number; healthMaxMs: number; idleHealthP50Ms: number; pushP95IdleMs: number; pushP95AttackMs: number; pushP95Ratio: number; attackAnswers: Record<number, number> }} Figures */
/** @type {Record<number, Figures[]>} */
const runs = Object.fromEntries(IN_FLIGHT.map((count) => [count, []]));
for (let run = 0; run < RUNS; run++) {
  const server = await startBenchServer({ database: 'sqlite' });
  try {
    /** @type {Victim} */
    const victim = { ...(await syncingMember(server, `other-${run}@example.com`)), seq: 0, prev: null };
    const attacker = await syncingMember(server, `attacker-${run}@example.com`);
    const body = costlyPush(attacker.device);
    // Warm-up: the pushes' and health's paths compiled before anything is timed.
    await phase(server, victim, { ...attacker, body }, 1, 1000);
    for (const count of IN_FLIGHT) {
      const idle = await phase(server, victim, { ...attacker, body }, 0, SECONDS * 1000);
      const attacked = await phase(server, victim, { ...attacker, body }, count, SECONDS * 1000);
      const figures = {
        healthP50Ms: percentile(attacked.health, 0.5),
        healthMaxMs: attacked.health.at(-1) ?? 0,
        idleHealthP50Ms: percentile(idle.health, 0.5),
        pushP95IdleMs: percentile(idle.pushes, 0.95),
        pushP95AttackMs: percentile(attacked.pushes, 0.95),
        pushP95Ratio: percentile(attacked.pushes, 0.95) / percentile(idle.pushes, 0.95),
        attackAnswers: attacked.refused,
      };
      runs[count]?.push(figures);
      process.stdout.write(
        `  run ${run + 1}, ${count} in flight: health p50 ${figures.healthP50Ms.toFixed(1)} ms, max ` +
          `${figures.healthMaxMs.toFixed(0)} ms (idle p50 ${figures.idleHealthP50Ms.toFixed(1)}); other member's push ` +
          `p95 ${figures.pushP95AttackMs.toFixed(1)} ms against ${figures.pushP95IdleMs.toFixed(1)} idle ` +
          `(×${figures.pushP95Ratio.toFixed(2)}); the attack's answers ${JSON.stringify(figures.attackAnswers)}\n`,
      );
    }
  } finally {
    await server.stop();
  }
}

const result = Object.fromEntries(
  IN_FLIGHT.map((count) => {
    const of = (/** @type {Exclude<keyof Figures, 'attackAnswers'>} */ key) =>
      median((runs[count] ?? []).map((figures) => figures[key]));
    const figures = {
      healthP50Ms: of('healthP50Ms'),
      healthMaxMs: of('healthMaxMs'),
      pushP95Ratio: of('pushP95Ratio'),
      pushP95IdleMs: of('pushP95IdleMs'),
      pushP95AttackMs: of('pushP95AttackMs'),
    };
    return [
      `inFlight${count}`,
      {
        ...figures,
        pass:
          figures.healthP50Ms <= TARGETS.healthP50Ms &&
          figures.healthMaxMs <= TARGETS.healthMaxMs &&
          figures.pushP95Ratio <= TARGETS.pushP95Ratio,
      },
    ];
  }),
);
writeResult('fair', { targets: TARGETS, runs: RUNS, seconds: SECONDS, ...result });
for (const [name, figures] of Object.entries(result)) {
  process.stdout.write(
    `${name}: health p50 ${figures.healthP50Ms.toFixed(1)} ms, max ${figures.healthMaxMs.toFixed(0)} ms; other ` +
      `member's push p95 ×${figures.pushP95Ratio.toFixed(2)} — ${figures.pass ? 'pass' : 'MISSED'}\n`,
  );
}

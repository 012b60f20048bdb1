// The in-memory sync server (src/app/test/memory-sync-server.ts) kept honest: the same cases run against it and
// against the real server (its routes through Fastify's inject, on SQLite — or PostgreSQL when DATABASE_URL is set),
// both reached through the app's own HTTP client of the sync routes (browser.ts) or the memory server's. What one
// answers, the other must: the same answers, the same refusals with the same codes.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../client/api.js';
import {
  browserCookies,
  holdsVault,
  signedInMember,
  startTestApp,
  uniqueIp,
  type TestApp,
} from '../../server/test/harness.js';
import { MemorySyncServer } from '../test/memory-sync-server.js';
import {
  chain,
  keyName,
  signingPair,
  syncId,
  VAULT_HEADER as HEADER,
} from '../../server/test/sync-fixtures.js';
import { httpSyncServer } from './browser.js';
import type { SyncServer } from './ports.js';

const PASSWORD = 'member password 1';
/** A member as a test sees them: their browsers (sessions, made as needed), each reaching the sync routes. */
interface Member {
  as(browser: number): Promise<SyncServer>;
  /** That browser logs out: its session ends. */
  end(browser: number): Promise<void>;
}

/** The real server: a member signed in; another browser signs in and is approved from the first one. */
function realMember(t: TestApp): Member {
  const email = `contract.${crypto.randomUUID()}@example.com`;
  const cookies: string[] = [];
  const fetchAs =
    (cookie: string): typeof fetch =>
    async (input, init = {}) => {
      const body = init.body;
      const response = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: String(input),
        remoteAddress: '203.0.113.9',
        headers: { origin: t.origin, cookie, ...(init.headers as Record<string, string>) },
        ...(body === null || body === undefined
          ? {}
          : { payload: typeof body === 'string' ? body : Buffer.from(body as Uint8Array) }),
      });
      return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    };
  return {
    async as(browser) {
      if (cookies.length === 0) cookies.push(await signedInMember(t, email, PASSWORD));
      while (cookies.length <= browser) {
        const login = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          body: { email, password: PASSWORD, idleMinutes: 0 },
          headers: {
            'user-agent': `Mozilla/5.0 (Linux; Android 14; Pixel ${cookies.length}) Mobile Safari/537.36`,
          },
          ip: uniqueIp(),
        });
        const waiting = (await t.request({ method: 'GET', url: '/api/sessions', cookie: cookies[0]! }))
          .json<{ sessions: Array<{ id: string; pending: boolean }> }>()
          .sessions.find((session) => session.pending);
        await holdsVault(t, cookies[0]!);
        await t.request({
          method: 'POST',
          url: `/api/sessions/${waiting!.id}/approve`,
          cookie: cookies[0]!,
          body: {},
        });
        cookies.push(browserCookies(login));
      }
      return httpSyncServer({ fetch: fetchAs(cookies[browser]!), timeoutMs: () => 30_000 });
    },
    async end(browser) {
      await t.request({ method: 'POST', url: '/api/auth/logout', cookie: cookies[browser]! });
    },
  };
}

function memoryMember(): Member {
  const server = new MemorySyncServer(PASSWORD);
  // The first browser signed in with the password a moment ago; the others were approved from it.
  server.proven.add('session-0');
  return {
    as: async (browser) => server.as(`session-${browser}`),
    end: async (browser) => server.endSession(`session-${browser}`),
  };
}

/** The code a call was refused with (or `ok`). */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return error instanceof ApiFailure ? error.code : String(error);
  }
}

/** A member with a published, signed vault and one registered device on browser 0. */
async function synced(member: Member) {
  const key = signingPair();
  const vault = syncId();
  const device = syncId();
  const server = await member.as(0);
  await server.call('syncPublishVault', { body: key.publication(vault) });
  await server.call('syncRegisterDevice', {
    params: { id: device },
    body: { name: 'Laptop', proof: key.deviceProof(vault, device) },
  });
  return { key, vault, device, server };
}

/** The cases, each answering what it saw: the same on both servers. */
const CASES: Record<string, (member: Member) => Promise<unknown>> = {
  async 'a vault is published once, its signing key set once'(member) {
    const server = await member.as(0);
    const key = signingPair();
    const vault = syncId();
    const published = await server.call('syncPublishVault', { body: key.publication(vault) });
    return {
      published: published.id === vault && JSON.stringify(published.signing) === JSON.stringify(key.signing),
      other: await outcome(server.call('syncPublishVault', { body: signingPair().publication(syncId()) })),
      otherKey: await outcome(server.call('syncPublishVault', { body: signingPair().publication(vault, 2) })),
      sameKey: await outcome(server.call('syncPublishVault', { body: key.publication(vault, 2) })),
      state: JSON.stringify((await server.call('syncState')).vault?.signing) === JSON.stringify(key.signing),
    };
  },

  async 'a vault is not published without a signing key and a header it signed'(member) {
    const server = await member.as(0);
    const key = signingPair();
    const vault = syncId();
    return {
      keyless: await outcome(
        server.call('syncPublishVault', { body: key.publication(vault, 1, HEADER, { keyed: false }) }),
      ),
      signedByAnother: await outcome(
        server.call('syncPublishVault', {
          body: { ...signingPair().publication(vault), signing: key.signing },
        }),
      ),
      vault: (await server.call('syncState')).vault,
    };
  },

  async 'a new header is signed, proven by the member, and never goes back'(member) {
    const { key, vault, server } = await synced(member);
    const second = await member.as(1);
    const rewrapped = { ...HEADER, wrappedKey: crypto.randomBytes(48).toString('base64') };
    const state = async () => {
      const held = (await server.call('syncState')).vault;
      return {
        version: held?.version,
        rewrapped: JSON.stringify(held?.header) === JSON.stringify(rewrapped),
      };
    };
    return {
      unproven: await outcome(
        second.call('syncPublishVault', { body: key.publication(vault, 2, rewrapped, { keyed: false }) }),
      ),
      wrongPassword: await outcome(
        second.call('syncPublishVault', {
          body: key.publication(vault, 2, rewrapped, { currentPassword: 'not the password 1' }),
        }),
      ),
      forged: await outcome(
        second.call('syncPublishVault', {
          body: signingPair().publication(vault, 2, rewrapped, { keyed: false, currentPassword: PASSWORD }),
        }),
      ),
      unchanged: await state(),
      proven: await outcome(
        second.call('syncPublishVault', {
          body: key.publication(vault, 2, rewrapped, { currentPassword: PASSWORD }),
        }),
      ),
      changed: await state(),
      putBack: await outcome(server.call('syncPublishVault', { body: key.publication(vault, 1) })),
      sameVersion: await outcome(server.call('syncPublishVault', { body: key.publication(vault, 2) })),
      after: await state(),
    };
  },

  async 'a device joins only with a proof of the vault key, and as itself'(member) {
    const { key, vault, device } = await synced(member);
    const second = await member.as(1);
    const another = syncId();
    return {
      none: await outcome(
        second.call('syncRegisterDevice', { params: { id: another }, body: { name: 'Phone' } }),
      ),
      wrong: await outcome(
        second.call('syncRegisterDevice', {
          params: { id: another },
          body: { name: 'Phone', proof: signingPair().deviceProof(vault, another) },
        }),
      ),
      replayed: await outcome(
        second.call('syncRegisterDevice', {
          params: { id: device },
          body: { name: 'Phone', proof: key.deviceProof(vault, device) },
        }),
      ),
      proven: await outcome(
        second.call('syncRegisterDevice', {
          params: { id: another },
          body: { name: 'Phone', proof: key.deviceProof(vault, another) },
        }),
      ),
      devices: (await second.call('syncState')).devices.map((entry) => [entry.name, entry.current]).sort(),
    };
  },

  async 'a chain is stored contiguous, once, and each change from its record’s newest version'(member) {
    const { device, server } = await synced(member);
    const own = chain(device);
    const first = own.next();
    const second = own.next(120, { rid: first.rid, base: `${device}:1` });
    const stored = await server.call('syncPush', { body: { device, changes: [first, second] } });
    // The answer was lost: the same changes again, stored nothing twice.
    const again = await server.call('syncPush', { body: { device, changes: [first, second] } });
    const gap = chain(device);
    gap.next();
    const skipped = gap.next();
    const stale = own.next(120, { rid: first.rid, base: `${device}:1` });
    const staleAnswer = await server.call('syncPush', { body: { device, changes: [stale] } });
    const page = await server.call('syncChanges', { query: { after: 0 } });
    return {
      stored,
      again,
      outOfOrder: await outcome(server.call('syncPush', { body: { device, changes: [skipped] } })),
      staleAnswer,
      page: page.changes.map((change) => [change.at, change.seq, change.base === null]),
      latest: page.latest,
    };
  },

  async 'only its own browser writes as a device'(member) {
    const { device } = await synced(member);
    const second = await member.as(1);
    return {
      push: await outcome(second.call('syncPush', { body: { device, changes: [chain(device).next()] } })),
      rename: (
        await second.call('syncRenameDevice', { params: { id: device }, body: { name: 'Old laptop' } })
      ).name,
    };
  },

  async 'a snapshot replaces the history only when signed, newer and by the caller’s own device'(member) {
    const { key, vault, device, server } = await synced(member);
    const own = chain(device);
    await server.call('syncPush', { body: { device, changes: [own.next(), own.next(), own.next()] } });
    const body = new TextEncoder().encode(JSON.stringify({ v: 1, covers: 2 }));
    const upload = (query: { device: string; covers: number; proof?: string }, on = server) =>
      outcome(on.upload('syncUploadSnapshot', { query }, body));
    const unsigned = await upload({ device, covers: 2 });
    const tooFar = await upload({ device, covers: 9, proof: key.snapshotProof(vault, device, 9, body) });
    const otherBytes = await upload({
      device,
      covers: 2,
      proof: key.snapshotProof(vault, device, 2, new Uint8Array([1, 2, 3])),
    });
    const second = await member.as(1);
    const notOwn = await upload(
      { device, covers: 2, proof: key.snapshotProof(vault, device, 2, body) },
      second,
    );
    const signed = await upload({ device, covers: 2, proof: key.snapshotProof(vault, device, 2, body) });
    const stale = await upload({ device, covers: 2, proof: key.snapshotProof(vault, device, 2, body) });
    const page = await server.call('syncChanges', { query: { after: 0 } });
    const taken = await server.call('syncChanges', { query: { after: 2 } });
    const bytes = page.snapshot
      ? await server.download('syncSnapshot', { params: { id: page.snapshot.id } })
      : null;
    return {
      unsigned,
      tooFar,
      otherBytes,
      notOwn,
      signed,
      stale,
      snapshot: page.snapshot && { covers: page.snapshot.covers, size: page.snapshot.size },
      same: bytes !== null && Buffer.from(bytes).equals(Buffer.from(body)),
      after: taken.changes.map((change) => change.at),
    };
  },

  async 'a vault is published whole as the series’ first number, its records changed from the origin'(
    member,
  ) {
    const { key, vault, device, server } = await synced(member);
    const body = new TextEncoder().encode(JSON.stringify({ v: 1, covers: 1, records: [] }));
    const published = await outcome(
      server.upload(
        'syncUploadSnapshot',
        { query: { device, covers: 1, proof: key.snapshotProof(vault, device, 1, body), publish: '1' } },
        body,
      ),
    );
    const state = await server.call('syncState');
    const own = chain(device);
    const rid = keyName();
    const first = await server.call('syncPush', {
      body: { device, changes: [own.next(120, { rid, base: `${vault}:0` })] },
    });
    const again = await server.call('syncPush', {
      body: { device, changes: [own.next(120, { rid, base: `${vault}:0` })] },
    });
    return {
      published,
      latest: state.latest,
      covers: state.snapshot?.covers,
      first,
      again,
      twice: await outcome(
        server.upload(
          'syncUploadSnapshot',
          { query: { device, covers: 1, proof: key.snapshotProof(vault, device, 1, body), publish: '1' } },
          body,
        ),
      ),
    };
  },

  async 'a document’s chunks are kept once per name and forgotten'(member) {
    const { server } = await synced(member);
    const [one, two] = [keyName(), keyName()];
    const bytes = crypto.randomBytes(2048);
    await server.upload('syncUploadChunk', { params: { key: one } }, bytes);
    await server.upload('syncUploadChunk', { params: { key: one } }, crypto.randomBytes(10));
    const held = await server.call('syncHeldChunks', { body: { keys: [one, two] } });
    const back = await server.download('syncChunk', { params: { key: one } });
    await server.call('syncForgetChunks', { body: { keys: [one] } });
    return {
      held: held.held.length === 1 && held.held[0] === one,
      same: Buffer.from(back).equals(bytes),
      gone: await outcome(server.download('syncChunk', { params: { key: one } })),
    };
  },

  async 'a removed device, or one whose browser logged out, is gone for good'(member) {
    const { key, vault, device, server } = await synced(member);
    const second = await member.as(1);
    const phone = syncId();
    await second.call('syncRegisterDevice', {
      params: { id: phone },
      body: { name: 'Phone', proof: key.deviceProof(vault, phone) },
    });
    await second.call('syncRemoveDevice', { params: { id: device } });
    const removedPush = await outcome(
      server.call('syncPush', { body: { device, changes: [chain(device).next()] } }),
    );
    const again = await outcome(
      server.call('syncRegisterDevice', {
        params: { id: device },
        body: { name: 'Laptop', proof: key.deviceProof(vault, device) },
      }),
    );
    await member.end(1);
    const third = await member.as(2);
    return {
      removedPush,
      again,
      endedPush: await outcome(
        second.call('syncPush', { body: { device: phone, changes: [chain(device).next()] } }),
      ),
      listed: (await third.call('syncState')).devices.length,
      phoneAgain: await outcome(
        third.call('syncRegisterDevice', {
          params: { id: phone },
          body: { name: 'Phone', proof: key.deviceProof(vault, phone) },
        }),
      ),
    };
  },

  async 'erasing the synced vault asks for the password, then leaves nothing'(member) {
    const { server, device } = await synced(member);
    await server.call('syncPush', { body: { device, changes: [chain(device).next()] } });
    // A browser approved from another one has proven nothing itself: it must give the password.
    const approved = await member.as(1);
    return {
      none: await outcome(approved.call('syncDeleteVault', { body: {} })),
      wrong: await outcome(
        approved.call('syncDeleteVault', { body: { currentPassword: 'not the password' } }),
      ),
      right: await outcome(approved.call('syncDeleteVault', { body: { currentPassword: PASSWORD } })),
      after: await server
        .call('syncState')
        .then((state) => [state.vault, state.devices.length, state.latest]),
    };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the in-memory sync server answers as the real one', () => {
  for (const [name, run] of Object.entries(CASES)) {
    it(name, async () => {
      const [real, memory] = [await run(realMember(t)), await run(memoryMember())];
      expect(memory).toEqual(real);
    });
  }
});

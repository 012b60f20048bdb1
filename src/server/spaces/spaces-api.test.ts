// Shared spaces through the real app (docs/spaces-plan.md §4, step 5): a member's identity signed by it and by the
// synced vault's key, spaces created from a signed `create` entry, listed, their log read and deleted with a signed
// `delete` entry — and the attacks on each, performed as an attacker would: an identity without the vault's proof or
// with another key's, an older version, a replacement by a session that has not proven itself, a stranger reading a
// space, a forged `create`, an entry signed by someone else, and more spaces than the cap, one by one and at once.
// SQLite by default, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAUTH_TTL_MS, SPACES_PER_MEMBER_MAX } from '../../shared/constants.js';
import { LOG_GENESIS, type LogEntry } from '../../shared/spaces/log.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import {
  codeOf,
  createBody,
  createdSpace,
  identityBody,
  newIdentity,
  nextPlace,
  randomHex,
  signedEntry,
  spaceMember,
  withIdentity,
  type SpaceMember,
} from '../test/space-fixtures.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterAll(async () => {
  await t.close();
});

const send = (member: SpaceMember, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request({ method, url, cookie: member.cookie, ...(body === undefined ? {} : { body }) });

const usedBytes = async (member: SpaceMember): Promise<number> =>
  (await send(member, 'GET', '/api/sync')).json().usedBytes as number;

async function deleteEntry(member: SpaceMember, spaceId: string, signer = member.identity!) {
  const place = await nextPlace(t, member, spaceId);
  return signedEntry(spaceId, { ...place, kind: 'delete', author: member.uid, body: {} }, signer);
}

describe('a member’s identity for spaces', () => {
  it('is published with the identity’s and the vault’s proofs, listed, and sent again answers as it is', async () => {
    const alice = await spaceMember(t, 'alice');
    expect((await send(alice, 'GET', '/api/spaces')).json()).toEqual({
      identity: null,
      spaces: [],
      invitations: [],
    });
    const identity = newIdentity();
    const body = identityBody(alice, identity);
    const published = await send(alice, 'PUT', '/api/spaces/identity', body);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ version: 1, alg: 'p256', signKey: identity.key.sign });
    expect((await send(alice, 'PUT', '/api/spaces/identity', body)).statusCode).toBe(200);
    const listed = (await send(alice, 'GET', '/api/spaces')).json();
    expect(listed.identity).toMatchObject({
      version: 1,
      signKey: identity.key.sign,
      boxKey: identity.key.box,
      sealedKeys: body.sealedKeys,
    });
  });

  it('needs the synced vault', async () => {
    const nomad = await spaceMember(t, 'nomad', { vault: false });
    const answer = await send(nomad, 'PUT', '/api/spaces/identity', identityBody(nomad, newIdentity()));
    expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'space/no-synced-vault']);
  });

  it('refuses an identity without the vault’s proof, or with another key’s (a stolen cookie planting a key)', async () => {
    const alice = await spaceMember(t, 'alice');
    const thief = await spaceMember(t, 'thief');
    const identity = newIdentity();
    // No proof by the vault: a random signature.
    const unsigned = await send(
      alice,
      'PUT',
      '/api/spaces/identity',
      identityBody({ ...alice, vaultSign: null }, identity),
    );
    expect([unsigned.statusCode, codeOf(unsigned)]).toEqual([403, 'space/unproven']);
    // Proven by the thief's own vault key, not Alice's.
    const otherVault = await send(
      alice,
      'PUT',
      '/api/spaces/identity',
      identityBody(alice, identity, { vaultSign: thief.vaultSign! }),
    );
    expect([otherVault.statusCode, codeOf(otherVault)]).toEqual([403, 'space/unproven']);
    // The identity's own proof by another key.
    const forged = identityBody(alice, identity);
    forged.proof = newIdentity().sign(new Uint8Array([1, 2, 3]));
    const badProof = await send(alice, 'PUT', '/api/spaces/identity', forged);
    expect([badProof.statusCode, codeOf(badProof)]).toEqual([403, 'space/unproven']);
    // A proof for another member's uid does not carry over.
    const forThief = identityBody(thief, identity);
    const replayed = await send(alice, 'PUT', '/api/spaces/identity', forThief);
    expect([replayed.statusCode, codeOf(replayed)]).toEqual([403, 'space/unproven']);
    expect((await send(alice, 'GET', '/api/spaces')).json().identity).toBeNull();
  });

  it('goes only up, and a replacement is a sensitive change', async () => {
    const alice = await spaceMember(t, 'alice');
    await withIdentity(t, alice, 2);
    const older = await send(alice, 'PUT', '/api/spaces/identity', identityBody(alice, newIdentity(1)));
    expect([older.statusCode, codeOf(older)]).toEqual([409, 'space/stale-key']);
    const sameVersion = await send(alice, 'PUT', '/api/spaces/identity', identityBody(alice, newIdentity(2)));
    expect([sameVersion.statusCode, codeOf(sameVersion)]).toEqual([409, 'space/stale-key']);
    // The sign-in proved Alice moments ago; some minutes later a session alone replaces nothing.
    t.advance(REAUTH_TTL_MS + 1000);
    const next = newIdentity(3);
    const unproven = await send(alice, 'PUT', '/api/spaces/identity', identityBody(alice, next));
    expect([unproven.statusCode, codeOf(unproven)]).toEqual([403, 'auth/reauth-required']);
    const wrong = await send(
      alice,
      'PUT',
      '/api/spaces/identity',
      identityBody(alice, next, { currentPassword: 'not the password' }),
    );
    expect(codeOf(wrong)).toBe('auth/wrong-password');
    expect((await send(alice, 'GET', '/api/spaces')).json().identity.version).toBe(2);
    const replaced = await send(
      alice,
      'PUT',
      '/api/spaces/identity',
      identityBody(alice, next, { currentPassword: alice.password }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await send(alice, 'GET', '/api/spaces')).json().identity).toMatchObject({
      version: 3,
      signKey: next.key.sign,
    });
  });
});

describe('spaces', () => {
  it('are created, listed, their log read, and deleted — their bytes leaving the owner’s quota', async () => {
    const alice = await spaceMember(t, 'alice');
    await withIdentity(t, alice);
    const before = await usedBytes(alice);
    const body = createBody(alice);
    const created = await send(alice, 'POST', '/api/spaces', body);
    expect(created.statusCode, created.body).toBe(201);
    const summary = {
      id: body.id,
      role: 'owner',
      state: 'member',
      owner: alice.uid,
      epoch: 1,
      series: body.entry.body.series,
      log: { seq: 1, head: expect.stringMatching(/^[0-9a-f]{64}$/) as string },
      handoverTo: null,
      members: [
        { uid: alice.uid, email: alice.email, role: 'owner', state: 'member', key: alice.identity!.key },
      ],
      invitations: [],
    };
    expect(created.json()).toEqual(summary);
    // Sent again (its answer lost), the same creation answers as it did.
    expect((await send(alice, 'POST', '/api/spaces', body)).json()).toEqual(created.json());
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toEqual([summary]);
    const log = await send(alice, 'GET', `/api/spaces/${body.id}/log`);
    expect(log.json()).toEqual({ entries: [body.entry] });
    expect((await send(alice, 'GET', `/api/spaces/${body.id}/log?after=1`)).json()).toEqual({ entries: [] });
    const kept = await usedBytes(alice);
    expect(kept).toBeGreaterThan(before);

    const deleted = await send(alice, 'DELETE', `/api/spaces/${body.id}`, {
      entry: await deleteEntry(alice, body.id),
      currentPassword: alice.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toEqual([]);
    expect(await usedBytes(alice)).toBe(before);
    const gone = await send(alice, 'GET', `/api/spaces/${body.id}/log`);
    expect([gone.statusCode, codeOf(gone)]).toEqual([404, 'space/not-found']);
  });

  it('need an identity first', async () => {
    const alice = await spaceMember(t, 'alice');
    alice.identity = newIdentity();
    const answer = await send(alice, 'POST', '/api/spaces', createBody(alice));
    expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'space/no-identity']);
  });

  it('are a stranger’s to read nowhere: every route answers as for a space that does not exist', async () => {
    const alice = await spaceMember(t, 'alice');
    const mallory = await spaceMember(t, 'mallory');
    await withIdentity(t, alice);
    await withIdentity(t, mallory);
    const spaceId = await createdSpace(t, alice);
    for (const id of [spaceId, randomHex(), 'not-an-id']) {
      const log = await send(mallory, 'GET', `/api/spaces/${id}/log`);
      expect([log.statusCode, codeOf(log)]).toEqual([404, 'space/not-found']);
      const deleted = await send(mallory, 'DELETE', `/api/spaces/${id}`, {
        entry: signedEntry(
          id,
          { seq: 2, prev: LOG_GENESIS, kind: 'delete', author: mallory.uid, body: {} },
          mallory.identity!,
        ),
        currentPassword: mallory.password,
      });
      expect([deleted.statusCode, codeOf(deleted)]).toEqual([404, 'space/not-found']);
    }
    expect((await send(mallory, 'GET', '/api/spaces')).json().spaces).toEqual([]);
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toHaveLength(1);
  });

  it('refuse a forged `create`: signed by another key, another member’s key inside, or a wrap not the owner’s', async () => {
    const alice = await spaceMember(t, 'alice');
    const mallory = await spaceMember(t, 'mallory');
    await withIdentity(t, alice);
    await withIdentity(t, mallory);
    const refused = async (body: unknown) => {
      const answer = await send(alice, 'POST', '/api/spaces', body);
      expect([answer.statusCode, codeOf(answer)], answer.body).toEqual([403, 'space/unproven']);
    };
    // Alice's key in the body, Mallory's signature.
    await refused(createBody(alice, randomHex(), mallory.identity!));
    // A random signature.
    const random = createBody(alice);
    random.entry.sig = newIdentity().sign(new Uint8Array([0]));
    await refused(random);
    // Signed well, but by a key Alice never published (the server would not know whose space it is).
    const stranger = { ...alice, identity: newIdentity() };
    await refused(createBody(stranger));
    // Authored by Mallory, sent by Alice.
    await refused(createBody({ ...mallory, cookie: alice.cookie }));
    // The wrap signed by Mallory.
    const wrapped = createBody(alice);
    wrapped.wrap.sig = mallory.identity!.sign(new Uint8Array([1]));
    await refused(wrapped);
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toEqual([]);
  });

  it('refuse a log entry its author did not sign, or one signed for another author', async () => {
    const alice = await spaceMember(t, 'alice');
    const mallory = await spaceMember(t, 'mallory');
    await withIdentity(t, alice);
    await withIdentity(t, mallory);
    const spaceId = await createdSpace(t, alice);
    const attempts: LogEntry[] = [
      // Alice as author, Mallory's signature.
      await deleteEntry(alice, spaceId, mallory.identity!),
      // Mallory as author (not a member), sent from Alice's session.
      signedEntry(
        spaceId,
        { ...(await nextPlace(t, alice, spaceId)), kind: 'delete', author: mallory.uid, body: {} },
        mallory.identity!,
      ),
      // The right signer at the wrong place in the chain.
      signedEntry(
        spaceId,
        { seq: 2, prev: LOG_GENESIS, kind: 'delete', author: alice.uid, body: {} },
        alice.identity!,
      ),
    ];
    for (const entry of attempts) {
      const answer = await send(alice, 'DELETE', `/api/spaces/${spaceId}`, {
        entry,
        currentPassword: alice.password,
      });
      expect([answer.statusCode, codeOf(answer)], answer.body).toEqual([403, 'space/unproven']);
    }
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toHaveLength(1);
    const log = await send(alice, 'GET', `/api/spaces/${spaceId}/log`);
    expect(log.json().entries).toHaveLength(1);
  });

  it(`are at most ${SPACES_PER_MEMBER_MAX} a member’s, one by one`, async () => {
    const alice = await spaceMember(t, 'alice');
    await withIdentity(t, alice);
    for (let i = 0; i < SPACES_PER_MEMBER_MAX; i++) await createdSpace(t, alice);
    const answer = await send(alice, 'POST', '/api/spaces', createBody(alice));
    expect([answer.statusCode, codeOf(answer)]).toEqual([409, 'space/too-many-spaces']);
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toHaveLength(SPACES_PER_MEMBER_MAX);
  });

  it(`are at most ${SPACES_PER_MEMBER_MAX} a member’s when 25 are created at once`, async () => {
    const alice = await spaceMember(t, 'alice');
    await withIdentity(t, alice);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => send(alice, 'POST', '/api/spaces', createBody(alice))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SPACES_PER_MEMBER_MAX);
    expect(answers.filter((answer) => answer.statusCode !== 201).map(codeOf)).toEqual(
      Array.from({ length: 25 - SPACES_PER_MEMBER_MAX }, () => 'space/too-many-spaces'),
    );
    expect((await send(alice, 'GET', '/api/spaces')).json().spaces).toHaveLength(SPACES_PER_MEMBER_MAX);
  });
});

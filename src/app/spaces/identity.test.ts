// The member's identity on devices: made and published on one device (the app's real Vault over fake-indexeddb, real
// WebCrypto), opened on another device of the member's synced vault, refused when the server lists other public keys
// beside it; the published body's signatures checked as the server will check them (src/server/sync/proofs.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { proven, signatureBytes } from '../../server/sync/proofs.js';
import { SPACE_IDENTITY, statementBytes } from '../../shared/spaces/statements.js';
import { newSigningKey, type SigningSecret } from '../sync/codec.js';
import { newHeader, openLocked, PASSWORD } from '../test/devices.js';
import type { VaultHeader } from '../vault/crypto.js';
import type { Vault } from '../vault/vault.js';
import {
  identityBody,
  openPublished,
  publishNewIdentity,
  sealIdentity,
  takeIdentity,
  type IdentityBody,
  type IdentityHost,
  type IdentityServer,
  type PublishedIdentity,
} from './identity.js';
import { newIdentity, signStatement, verifyStatement, type MemberIdentity } from './identity-keys.js';
import { newEpoch, openSpaceKey, spaceCommitment, wrapSpaceKey } from './space-keys.js';

const UID = crypto.randomUUID();
const NEW_PASSWORD = 'a new master password, longer';

/** The identity's statement as the server's `proven` reads it. */
const statement = (uid: string, body: PublishedIdentity) => [
  SPACE_IDENTITY,
  uid,
  body.version,
  body.alg,
  body.signKey,
  body.boxKey,
];

/**
 * The identity routes as the server will answer them: the body's two proofs checked (the identity's own and the
 * vault's signing key's), the version only going up.
 */
class MemoryIdentityServer implements IdentityServer {
  held: PublishedIdentity | null = null;
  readonly bodies: IdentityBody[] = [];

  constructor(readonly vaultSigning: SigningSecret) {}

  async fetchIdentity(): Promise<PublishedIdentity | null> {
    return this.held;
  }

  async publishIdentity(body: IdentityBody): Promise<'published' | 'stale'> {
    const said = statement(UID, body);
    if (
      !proven(body.signKey, said, signatureBytes(body.proof, 'base64url')) ||
      !proven(this.vaultSigning.spki, said, signatureBytes(body.vaultProof, 'base64url'))
    )
      throw new Error('space/unproven');
    this.bodies.push(body);
    if (this.held && body.version <= this.held.version) return 'stale';
    const { version, alg, signKey, boxKey, sealedKeys } = body;
    this.held = { version, alg, signKey, boxKey, sealedKeys };
    return 'published';
  }
}

let header: VaultHeader;
let signing: Awaited<ReturnType<typeof newSigningKey>>;

beforeAll(async () => {
  header = await newHeader();
  signing = await newSigningKey();
});

/** A device of the member, its vault unlocked: the synced vault's header opened with `password`. */
async function device(vaultHeader = header, password = PASSWORD): Promise<Vault> {
  const vault = await openLocked(new IDBFactory(), UID);
  const opened = await vault.joinSynced(vaultHeader, password);
  if (opened !== 'ok') throw new Error(`the vault did not open: ${opened}`);
  return vault;
}

const host = (vault: Vault, server: IdentityServer): IdentityHost => ({
  uid: UID,
  vault,
  server,
  vaultSigningKey: async () => signing.key,
});

function opened(result: Awaited<ReturnType<typeof takeIdentity>>): MemberIdentity {
  if (!result.ok) throw new Error(`the identity did not open: ${result.reason}`);
  return result.identity;
}

describe('the member’s identity on devices', () => {
  it('is made and published on one device, and opened on another after a new master password', async () => {
    const server = new MemoryIdentityServer(signing.secret);
    const first = await device();
    const made = opened(await takeIdentity(host(first, server)));
    expect(made.key.version).toBe(1);
    expect(server.bodies).toHaveLength(1);
    expect(server.held).toMatchObject({
      version: 1,
      alg: 'p256',
      signKey: made.key.sign,
      boxKey: made.key.box,
    });

    // The new master password wraps the same data key again: the sealed identity is not touched, and still opens.
    expect(await first.changeMasterPassword(PASSWORD, NEW_PASSWORD)).toBe(true);
    const second = await device(first.header!, NEW_PASSWORD);
    const taken = opened(await takeIdentity(host(second, server)));
    expect(taken.key).toEqual(made.key);
    expect(server.bodies).toHaveLength(1);
    expect(opened(await takeIdentity(host(first, server))).key).toEqual(made.key);

    // The second device holds the very private keys: it signs as the first, and opens a space key wrapped to it.
    const bytes = statementBytes(['a statement']);
    expect(await verifyStatement(made.key.sign, bytes, await signStatement(taken, bytes))).toBe(true);
    const { key, series } = newEpoch();
    const epoch = { spaceId: 'home', epoch: 1, uid: UID };
    const wrap = await wrapSpaceKey({ uid: UID, identity: made }, { ...epoch, key: made.key }, key);
    const commit = await spaceCommitment(key, 'home', 1, series);
    const unwrapped = await openSpaceKey({ uid: UID, identity: taken }, wrap, {
      ...epoch,
      series,
      commit,
      wrapperSignKey: made.key.sign,
    });
    expect(unwrapped).toEqual({ ok: true, key });
  });

  it('takes the identity another device published meanwhile, and makes a new one on demand', async () => {
    const server = new MemoryIdentityServer(signing.secret);
    const [first, second] = [await device(), await device()];
    const made = opened(await takeIdentity(host(first, server)));
    // The second device read the server before the first published: its own is refused as stale.
    let reads = 0;
    const late: IdentityServer = {
      fetchIdentity: () => (reads++ === 0 ? Promise.resolve(null) : server.fetchIdentity()),
      publishIdentity: (body) => server.publishIdentity(body),
    };
    expect(opened(await takeIdentity(host(second, late))).key).toEqual(made.key);
    expect(server.bodies.map((body) => [body.version, body.signKey === made.key.sign])).toEqual([
      [1, true],
      [1, false],
    ]);
    expect(server.held?.signKey).toBe(made.key.sign);

    // "New space keys": one version up, sent with the account password; every device opens it.
    const renewed = await publishNewIdentity(host(first, server), server.held, PASSWORD);
    if (!renewed.ok) throw new Error('not published');
    expect(renewed.identity.key.version).toBe(2);
    expect(server.bodies.at(-1)?.currentPassword).toBe(PASSWORD);
    expect(opened(await takeIdentity(host(second, server))).key).toEqual(renewed.identity.key);
  });

  it('is refused when the server lists other public keys beside it, or sends what this vault did not seal', async () => {
    const server = new MemoryIdentityServer(signing.secret);
    const vault = await device();
    opened(await takeIdentity(host(vault, server)));
    const held = server.held!;
    const other = await newIdentity();
    const stranger = await device(await newHeader());
    const swapped: Array<[PublishedIdentity, string]> = [
      [{ ...held, signKey: other.secret.signSpki }, 'altered'],
      [{ ...held, boxKey: other.secret.boxSpki }, 'altered'],
      [{ ...held, signKey: other.secret.signSpki, boxKey: other.secret.boxSpki }, 'altered'],
      [{ ...held, version: 2 }, 'altered'],
      // Someone else's identity, sealed by their vault, beside their public keys.
      [
        {
          ...held,
          signKey: other.secret.signSpki,
          boxKey: other.secret.boxSpki,
          sealedKeys: await sealIdentity(stranger, other.secret),
        },
        'unreadable',
      ],
      [{ ...held, sealedKeys: 'not base64!' }, 'unreadable'],
      // Sealed by this vault, but private keys that do not go with the public keys it names.
      [
        {
          ...held,
          signKey: other.secret.signSpki,
          boxKey: other.secret.boxSpki,
          sealedKeys: await sealIdentity(vault, {
            ...other.secret,
            signPkcs8: (await newIdentity()).secret.signPkcs8,
          }),
        },
        'altered',
      ],
    ];
    for (const [published, reason] of swapped) {
      expect(await openPublished(vault, published)).toEqual({ ok: false, reason });
      const swapping: IdentityServer = {
        fetchIdentity: async () => published,
        publishIdentity: (body) => server.publishIdentity(body),
      };
      expect(await takeIdentity(host(vault, swapping))).toEqual({ ok: false, reason });
    }
    // Nothing was published in its place.
    expect(server.bodies).toHaveLength(1);
  });

  it('is published with two signatures the server checks, over its uid, version and keys', async () => {
    const vault = await device();
    const { secret, identity } = await newIdentity(3);
    const body = await identityBody(UID, identity, await sealIdentity(vault, secret), signing.key);
    expect(body).toMatchObject({ version: 3, alg: 'p256', signKey: secret.signSpki, boxKey: secret.boxSpki });
    const proof = signatureBytes(body.proof, 'base64url');
    const vaultProof = signatureBytes(body.vaultProof, 'base64url');
    expect(proven(body.signKey, statement(UID, body), proof)).toBe(true);
    expect(proven(signing.secret.spki, statement(UID, body), vaultProof)).toBe(true);
    for (const said of [statement(crypto.randomUUID(), body), statement(UID, { ...body, version: 4 })]) {
      expect(proven(body.signKey, said, proof)).toBe(false);
      expect(proven(signing.secret.spki, said, vaultProof)).toBe(false);
    }
    // Each proof is its own key's: neither passes for the other.
    expect(proven(signing.secret.spki, statement(UID, body), proof)).toBe(false);
    expect(proven(body.signKey, statement(UID, body), vaultProof)).toBe(false);
  });
});

// The member's identity on devices (docs/spaces-plan.md §2, "Member identity"): made once on one device, sealed with
// the member's vault as sync's signing key is (`seal('spaces', 'identity', …)`), and kept on the server, so every
// device of the member opens it. Sealed under the vault's data key, which a new master password only wraps again, it
// follows the password with nothing sealed again. The server could list someone's public keys beside another's
// sealed secret, so an opened secret must be the very keys it lists; and a session alone must not plant a key, so the
// published identity is signed twice: by itself, and by the vault's sync signing key (which only the vault's devices
// open). The server's routes are given as a port (IdentityServer).
import { base64UrlToBytes, bytesToBase64Url } from '../../shared/base64.js';
import { identityStatement, type MemberKey } from '../../shared/spaces/statements.js';
import type { SyncedVault } from '../vault/vault.js';
import {
  newIdentity,
  openIdentity,
  signStatement,
  type IdentitySecret,
  type MemberIdentity,
} from './identity-keys.js';

/** Where the identity is sealed with the member's vault: its kind and id are bound to the ciphertext. */
const SEALED_AS = { kind: 'spaces', id: 'identity' } as const;
const SIGNATURE = { name: 'ECDSA', hash: 'SHA-256' } as const;

/** The member's identity as the server keeps it (`member_keys`): public keys in clear, the secret sealed. */
export interface PublishedIdentity {
  version: number;
  alg: MemberKey['alg'];
  /** SPKI DER, base64url. */
  signKey: string;
  boxKey: string;
  /** The IdentitySecret sealed with the member's vault, base64url. */
  sealedKeys: string;
}

/**
 * The body of `PUT /api/spaces/identity` (publishSpaceIdentity). `proof` is the identity's own signature and
 * `vaultProof` the vault's sync signing key's, both ECDSA P-256 SHA-256 in IEEE P1363 (64 bytes), base64url, over
 * `identityStatement` (`["mygenie/space-identity/v1", uid, version, alg, signKey, boxKey]`, JSON as the server's
 * `proven` reads it). `currentPassword` proves the member when an identity is replaced.
 */
export interface IdentityBody extends PublishedIdentity {
  proof: string;
  vaultProof: string;
  currentPassword?: string;
}

/** The identity routes, as the app's API client will answer them (a memory one in tests). */
export interface IdentityServer {
  /** The member's published identity (null: none yet). */
  fetchIdentity(): Promise<PublishedIdentity | null>;
  /** `stale`: the server holds this version or a newer one already (another device was quicker). */
  publishIdentity(body: IdentityBody): Promise<'published' | 'stale'>;
}

/** What the identity needs of the member's account and vault. */
export interface IdentityHost {
  uid: string;
  /** The member's vault, unlocked: the identity is sealed and opened under its data key. */
  vault: Pick<SyncedVault, 'seal' | 'open'>;
  server: IdentityServer;
  /**
   * The member vault's sync signing key (src/app/sync/identity.ts, `signingKey()`: ECDSA P-256, sign only), which
   * vouches for a new identity; asked for only when one is published.
   */
  vaultSigningKey: () => Promise<CryptoKey>;
}

export type OpenedIdentity =
  | { ok: true; identity: MemberIdentity }
  /**
   * unreadable: not sealed with this vault's key (the synced vault was erased and made again since, or the server
   * sent something else); altered: sealed keys that are not the public keys the server lists beside them.
   */
  | { ok: false; reason: 'unreadable' | 'altered' };

/** The identity's secret sealed with the member's vault, as the server keeps it. */
export async function sealIdentity(
  vault: Pick<SyncedVault, 'seal'>,
  secret: IdentitySecret,
): Promise<string> {
  const sealed = await vault.seal(SEALED_AS.kind, SEALED_AS.id, secret);
  return bytesToBase64Url(sealed.sealed);
}

/**
 * Opens the server's copy of the identity with the member's vault, only if its secret is the very identity the server
 * lists: the same version, suite and public keys, and private keys that go with them.
 */
export async function openPublished(
  vault: Pick<SyncedVault, 'open'>,
  published: PublishedIdentity,
): Promise<OpenedIdentity> {
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = base64UrlToBytes(published.sealedKeys);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  // A locked vault throws here, as it should: that is no answer about the identity.
  const [opened] = await vault.open<IdentitySecret | null>([{ ...SEALED_AS, sealed }]);
  if (!opened?.ok) return { ok: false, reason: 'unreadable' };
  const secret = opened.value;
  const listed =
    secret?.alg === published.alg &&
    secret.version === published.version &&
    secret.signSpki === published.signKey &&
    secret.boxSpki === published.boxKey;
  const identity = listed ? await openIdentity(secret) : null;
  return identity ? { ok: true, identity } : { ok: false, reason: 'altered' };
}

/** `statement` signed by the vault's sync signing key, as `proven` on the server checks it (P1363, base64url). */
async function vaultSigned(key: CryptoKey, statement: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.sign(SIGNATURE, key, statement)));
}

/** The publishSpaceIdentity body for an identity and its sealed secret, signed by it and by the vault. */
export async function identityBody(
  uid: string,
  identity: MemberIdentity,
  sealedKeys: string,
  vaultSigningKey: CryptoKey,
): Promise<IdentityBody> {
  const { key } = identity;
  const statement = identityStatement(uid, key);
  return {
    version: key.version,
    alg: key.alg,
    signKey: key.sign,
    boxKey: key.box,
    sealedKeys,
    proof: await signStatement(identity, statement),
    vaultProof: await vaultSigned(vaultSigningKey, statement),
  };
}

/**
 * A new identity, published: version 1, or one above `replacing` ("New space keys": peers then see the key change,
 * and an owner adds it again). `stale`: the server holds that version already (another device of the member's was
 * quicker): nothing was published, and the server's is the one to open.
 */
export async function publishNewIdentity(
  host: IdentityHost,
  replacing: Pick<PublishedIdentity, 'version'> | null,
  currentPassword?: string,
): Promise<{ ok: true; identity: MemberIdentity } | { ok: false; reason: 'stale' }> {
  const { secret, identity } = await newIdentity((replacing?.version ?? 0) + 1);
  const sealedKeys = await sealIdentity(host.vault, secret);
  const body = await identityBody(host.uid, identity, sealedKeys, await host.vaultSigningKey());
  const answer = await host.server.publishIdentity(
    currentPassword === undefined ? body : { ...body, currentPassword },
  );
  return answer === 'published' ? { ok: true, identity } : { ok: false, reason: 'stale' };
}

/**
 * The member's identity on this device: the server's, opened (and refused unless it is what the server lists), or
 * made and published when the member has none yet — and if another device published one meanwhile, that one.
 */
export async function takeIdentity(host: IdentityHost): Promise<OpenedIdentity> {
  const published = await host.server.fetchIdentity();
  if (published) return openPublished(host.vault, published);
  const made = await publishNewIdentity(host, null);
  if (made.ok) return made;
  const theirs = await host.server.fetchIdentity();
  return theirs ? openPublished(host.vault, theirs) : { ok: false, reason: 'altered' };
}

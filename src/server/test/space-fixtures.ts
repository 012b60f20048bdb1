// What the space tests send, made as a member's device makes it, with real P-256 keys (node:crypto): a member with a
// synced vault (whose signing key signs the identity), the member's identity for spaces, and log entries and wraps
// signed by it. The key wraps' ciphertexts are random: the server never opens them.
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { entryStatement, LOG_GENESIS, type LogEntry, type LogKind } from '../../shared/spaces/log.js';
import { SPACE_INVITATION_TTL_MS } from '../../shared/constants.js';
import {
  identityStatement,
  keyFingerprint,
  sha256Hex,
  wrapStatement,
  type MemberKey,
} from '../../shared/spaces/statements.js';
import { headerStatement } from '../sync/proofs.js';
import { signedInMember, type TestApp } from './harness.js';
import { digest, VAULT_HEADER } from './sync-fixtures.js';

const spki = (key: crypto.KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64url');
const p256 = () => crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
const signer = (privateKey: crypto.KeyObject) => (bytes: Uint8Array) =>
  crypto.sign('sha256', bytes, { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url');

export const randomHex = (bytes = 16) => crypto.randomBytes(bytes).toString('hex');
export const randomB64url = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

export const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code?: string } }).error?.code;

/** A member's identity for spaces: its public key and a way to sign with it. */
export interface Identity {
  key: MemberKey;
  sign: (bytes: Uint8Array) => string;
}

export function newIdentity(version = 1): Identity {
  const sign = p256();
  const box = p256();
  return {
    key: { alg: 'p256', version, sign: spki(sign.publicKey), box: spki(box.publicKey) },
    sign: signer(sign.privateKey),
  };
}

export interface SpaceMember {
  email: string;
  uid: string;
  cookie: string;
  password: string;
  /** Signs with the synced vault's signing key (absent: the member has no synced vault). */
  vaultSign: ((bytes: Uint8Array) => string) | null;
  identity: Identity | null;
}

/** A member signed in, with a synced vault (unless `vault` is false). */
export async function spaceMember(
  t: TestApp,
  name: string,
  options: { vault?: boolean; lang?: 'ko' | 'en'; email?: string } = {},
): Promise<SpaceMember> {
  const email = options.email ?? `${name}.${crypto.randomUUID()}@example.com`;
  const password = 'member password 1';
  const cookie = await signedInMember(t, email, password, options.lang ?? 'ko');
  const uid: string = (await t.request({ method: 'GET', url: '/api/session', cookie })).json().user.uid;
  let vaultSign: SpaceMember['vaultSign'] = null;
  if (options.vault !== false) {
    const pair = p256();
    const vault = randomHex();
    const published = await t.request({
      method: 'PUT',
      url: '/api/sync/vault',
      cookie,
      body: {
        id: vault,
        header: VAULT_HEADER,
        headerMac: digest(),
        version: 1,
        proof: crypto
          .sign('sha256', Buffer.from(JSON.stringify(headerStatement(vault, 1, VAULT_HEADER))), {
            key: pair.privateKey,
            dsaEncoding: 'ieee-p1363',
          })
          .toString('base64'),
        signing: {
          publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
          sealedKey: crypto.randomBytes(180).toString('base64'),
        },
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    vaultSign = signer(pair.privateKey);
  }
  return { email, uid, cookie, password, vaultSign, identity: null };
}

/** The body that publishes `identity` for `member` (the vault's proof by `vaultSign`, the member's own by default). */
export function identityBody(
  member: SpaceMember,
  identity: Identity,
  extra: { vaultSign?: (bytes: Uint8Array) => string; currentPassword?: string } = {},
) {
  const statement = identityStatement(member.uid, identity.key);
  const vaultSign = extra.vaultSign ?? member.vaultSign;
  return {
    version: identity.key.version,
    alg: identity.key.alg,
    signKey: identity.key.sign,
    boxKey: identity.key.box,
    sealedKeys: randomB64url(300),
    proof: identity.sign(statement),
    vaultProof: vaultSign ? vaultSign(statement) : randomB64url(64),
    ...(extra.currentPassword === undefined ? {} : { currentPassword: extra.currentPassword }),
  };
}

/** Publishes a new identity for the member (answered 200, or the test fails). */
export async function withIdentity(t: TestApp, member: SpaceMember, version = 1): Promise<Identity> {
  const identity = newIdentity(version);
  const answer = await t.request({
    method: 'PUT',
    url: '/api/spaces/identity',
    cookie: member.cookie,
    body: identityBody(member, identity),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  member.identity = identity;
  return identity;
}

/** An entry signed by `signer` (the author's identity unless said). */
export function signedEntry<K extends LogKind>(
  spaceId: string,
  fields: { seq: number; prev: string; kind: K; author: string; body: LogEntry<K>['body'] },
  signer: Identity,
): LogEntry<K> {
  return { ...fields, sig: signer.sign(entryStatement(spaceId, fields as Omit<LogEntry, 'sig'>)) };
}

/** A wrap of the epoch's key for `uid` (at key version `version`), signed by `by`. */
export function signedWrap(spaceId: string, epoch: number, uid: string, version: number, by: SpaceMember) {
  const wrap = { by: by.uid, eph: randomB64url(91), iv: randomB64url(12), sealed: randomB64url(48) };
  return { ...wrap, sig: by.identity!.sign(wrapStatement(spaceId, epoch, uid, version, wrap)) };
}

/** The body that creates a space owned by `owner` (signed by `signer`, the owner's identity unless said). */
export function createBody(owner: SpaceMember, spaceId = randomHex(), signer = owner.identity!) {
  const entry = signedEntry(
    spaceId,
    {
      seq: 1,
      prev: LOG_GENESIS,
      kind: 'create',
      author: owner.uid,
      body: { key: owner.identity!.key, epoch: 1, series: randomHex(), commit: randomB64url(32) },
    },
    signer,
  );
  return { id: spaceId, entry, wrap: signedWrap(spaceId, 1, owner.uid, owner.identity!.key.version, owner) };
}

/** Creates a space owned by `owner` (answered 201, or the test fails); answers its id. */
export async function createdSpace(t: TestApp, owner: SpaceMember): Promise<string> {
  const body = createBody(owner);
  const answer = await t.request({ method: 'POST', url: '/api/spaces', cookie: owner.cookie, body });
  expect(answer.statusCode, answer.body).toBe(201);
  return body.id;
}

/** The space's log head as a member reads it: the next entry's seq and prev. */
export async function nextPlace(t: TestApp, member: SpaceMember, spaceId: string) {
  const answer = await t.request({ method: 'GET', url: `/api/spaces/${spaceId}/log`, cookie: member.cookie });
  expect(answer.statusCode, answer.body).toBe(200);
  const { entries } = answer.json() as { entries: LogEntry[] };
  const listed = await t.request({ method: 'GET', url: '/api/spaces', cookie: member.cookie });
  const space = (
    listed.json() as { spaces: Array<{ id: string; log: { seq: number; head: string } }> }
  ).spaces.find((item) => item.id === spaceId);
  expect(space?.log.seq).toBe(entries.length);
  return { seq: space!.log.seq + 1, prev: space!.log.head };
}

/** A member's live event stream: the `space` events it told so far. */
export async function spaceEvents(t: TestApp, who: { cookie: string }) {
  const base = await t.listening();
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie: who.cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let received = '';
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      received += new TextDecoder().decode(chunk.value);
    }
  })();
  return {
    told: (): Array<{ id: string; epoch: number; latest: number; log: number }> =>
      [...received.matchAll(/event: space\ndata: (.*)\n/g)].map((match) => JSON.parse(match[1]!)),
    close: () => controller.abort(),
  };
}

/** A new member signed in, with a synced vault and a published identity. */
export async function memberWithIdentity(t: TestApp, name: string): Promise<SpaceMember> {
  const who = await spaceMember(t, name);
  await withIdentity(t, who);
  return who;
}

/** `author`'s entry of `kind` at the log's head (signed by `signer`, the author's own identity unless said). */
export async function entryAtHead<K extends LogKind>(
  t: TestApp,
  author: SpaceMember,
  spaceId: string,
  kind: K,
  body: LogEntry<K>['body'],
  signer: Identity = author.identity!,
): Promise<LogEntry<K>> {
  return signedEntry(
    spaceId,
    { ...(await nextPlace(t, author, spaceId)), kind, author: author.uid, body },
    signer,
  );
}

/**
 * Brings `who` into the owner's space with `role` through the routes: invited, accepted, then (unless `joining`)
 * let in by the owner with the current `epoch`'s key wrapped to them. Answers the invitation and the member's
 * key's fingerprint (what an `add` names).
 */
export async function joinedSpace(
  t: TestApp,
  owner: SpaceMember,
  spaceId: string,
  who: SpaceMember,
  role: 'editor' | 'viewer',
  options: { epoch?: number; joining?: boolean } = {},
): Promise<{ invitation: string; fingerprint: string }> {
  const send = (member: SpaceMember, url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
    t.request({ method, url, cookie: member.cookie, body });
  const invitation = randomB64url(16);
  const invite = await entryAtHead(t, owner, spaceId, 'invite', {
    invitation,
    emailHash: await sha256Hex(new TextEncoder().encode(who.email)),
    role,
    expiresAt: t.now() + SPACE_INVITATION_TTL_MS,
  });
  const invited = await send(owner, `/api/spaces/${spaceId}/invitations`, {
    email: who.email,
    entry: invite,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const head = await nextPlace(t, owner, spaceId);
  const key = who.identity!.key;
  const fingerprint = await keyFingerprint(key);
  const accept = signedEntry(
    spaceId,
    { ...head, kind: 'accept', author: who.uid, body: { invitation, uid: who.uid, key, fingerprint } },
    who.identity!,
  );
  const accepted = await send(who, `/api/spaces/invitations/${invitation}/accept`, { entry: accept });
  expect(accepted.statusCode, accepted.body).toBe(200);
  if (options.joining) return { invitation, fingerprint };
  const add = await entryAtHead(t, owner, spaceId, 'add', { invitation, uid: who.uid, fingerprint, role });
  const completed = await send(
    owner,
    `/api/spaces/${spaceId}/members/${who.uid}/key`,
    { entry: add, wrap: signedWrap(spaceId, options.epoch ?? 1, who.uid, key.version, owner) },
    'PUT',
  );
  expect(completed.statusCode, completed.body).toBe(200);
  return { invitation, fingerprint };
}

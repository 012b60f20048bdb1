// Spaces for the tests of a space's series, made by inserting their rows through the real database (the routes
// that create spaces, invite and add members are built beside these: the tests move to them then). Every member
// gets a real P-256 identity made with node:crypto, whose signatures the server checks.
import crypto from 'node:crypto';
import type { SpaceChangeBody } from '../../shared/schemas/space-sync.js';
import type { SyncChangeBody } from '../../shared/schemas/sync.js';
import { SPACE_CHANGE, SPACE_DEVICE, SPACE_SNAPSHOT } from '../../shared/spaces/statements.js';
import type { TestApp } from './harness.js';

/** A member's identity sign key: its public half as the server keeps it, and signatures as the app makes them. */
export function memberIdentity() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const sign = (statement: unknown[]) =>
    crypto
      .sign('sha256', Buffer.from(JSON.stringify(statement)), { key: privateKey, dsaEncoding: 'ieee-p1363' })
      .toString('base64url');
  const spki = (key: crypto.KeyObject) => key.export({ format: 'der', type: 'spki' }).toString('base64url');
  const box = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
  return {
    signKey: spki(publicKey),
    boxKey: spki(box),
    sign,
    deviceProof: (space: string, epoch: number, device: string) => sign([SPACE_DEVICE, space, epoch, device]),
    snapshotProof: (space: string, epoch: number, device: string, covers: number, bytes: Buffer) =>
      sign([
        SPACE_SNAPSHOT,
        space,
        epoch,
        device,
        covers,
        crypto.createHash('sha256').update(bytes).digest('base64'),
      ]),
    /** A sync change as a space's device sends it: signed by the member, naming a log head. */
    spaceChange: (space: string, epoch: number, device: string, change: SyncChangeBody): SpaceChangeBody => {
      const madeAt = new Date().toISOString();
      const logHead = 'a'.repeat(64);
      return {
        ...change,
        madeAt,
        logHead,
        sig: sign([SPACE_CHANGE, space, epoch, device, change.seq, change.mac, madeAt, logHead]),
      };
    },
  };
}

export type MemberIdentity = ReturnType<typeof memberIdentity>;

/** The account's id. */
export async function uidOf(t: TestApp, email: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Publishes a member's identity (its row in member_keys, as the identity route will write it). */
export async function withIdentity(t: TestApp, uid: string): Promise<MemberIdentity> {
  const identity = memberIdentity();
  const at = new Date(t.now()).toISOString();
  await t.database.db
    .insertInto('member_keys')
    .values({
      user_id: uid,
      version: 1,
      alg: 'p256',
      sign_key: identity.signKey,
      box_key: identity.boxKey,
      sealed_keys: crypto.randomBytes(64).toString('base64url'),
      proof: crypto.randomBytes(64).toString('base64url'),
      vault_proof: crypto.randomBytes(64).toString('base64url'),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return identity;
}

/**
 * A space of `owner`'s at epoch 1, with these other members (role and state), each with their identity from
 * member_keys and the epoch's key wrapped to them. Answers its id and series id.
 */
export async function insertSpace(
  t: TestApp,
  owner: { uid: string; identity: MemberIdentity },
  others: Array<{
    uid: string;
    identity: MemberIdentity;
    role: 'editor' | 'viewer';
    state?: 'member' | 'joining';
  }>,
): Promise<{ id: string; series: string }> {
  const id = crypto.randomBytes(16).toString('hex');
  const series = crypto.randomBytes(16).toString('hex');
  const at = new Date(t.now()).toISOString();
  const db = t.database.db;
  await db
    .insertInto('spaces')
    .values({
      id,
      owner_id: owner.uid,
      epoch: 1,
      series_id: series,
      latest: 0,
      log_seq: 1,
      log_head: crypto.randomBytes(32).toString('hex'),
      rotation_due: 0,
      handover_to: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const member of [{ ...owner, role: 'owner' as const, state: 'member' as const }, ...others]) {
    await db
      .insertInto('space_members')
      .values({
        space_id: id,
        user_id: member.uid,
        role: member.role,
        state: member.state ?? 'member',
        key_version: 1,
        sign_key: member.identity.signKey,
        box_key: member.identity.boxKey,
        created_at: at,
      })
      .execute();
    if ((member.state ?? 'member') === 'member') {
      await db
        .insertInto('space_keys')
        .values({
          space_id: id,
          epoch: 1,
          user_id: member.uid,
          wrap: `wrap-for-${member.uid}`,
          created_at: at,
        })
        .execute();
    }
  }
  return { id, series };
}

// The membership log refuses what the server (or a member without the right) could forge: each test writes the
// forgery with real keys and signatures (node:crypto, as the server checks them) and expects the reducer's refusal.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SPACE_MEMBERS_MAX } from '../constants.js';
import {
  LOG_GENESIS,
  entryHash,
  entryStatement,
  reduceLog,
  type LogBody,
  type LogEntry,
  type LogKind,
  type VerifyStatement,
} from './log.js';
import { canonicalJson, keyFingerprint, type MemberKey } from './statements.js';

const SPACE = 'space-1';
const b64url = (bytes: Buffer) => bytes.toString('base64url');

interface Person {
  uid: string;
  key: MemberKey;
  fingerprint: string;
  signKey: crypto.KeyObject;
}

async function person(uid: string, version = 1): Promise<Person> {
  const sign = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const box = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const key: MemberKey = {
    alg: 'p256',
    version,
    sign: b64url(sign.publicKey.export({ format: 'der', type: 'spki' })),
    box: b64url(box.publicKey.export({ format: 'der', type: 'spki' })),
  };
  return { uid, key, fingerprint: await keyFingerprint(key), signKey: sign.privateKey };
}

const verify: VerifyStatement = async (spki, statement, signature) => {
  try {
    const key = crypto.createPublicKey({ key: Buffer.from(spki, 'base64url'), format: 'der', type: 'spki' });
    return crypto.verify(
      'sha256',
      statement,
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
};

const series = (n: number) => n.toString(16).padStart(32, '0');
const epochOf = (n: number) => ({ epoch: n, series: series(n), commit: `commit${n}` });

/** A log being written: each entry chained to the one before and signed by `by` (the author, unless forged). */
class Log {
  entries: LogEntry[] = [];

  async add<K extends LogKind>(
    kind: K,
    author: Person,
    body: LogBody<K>,
    by: Person = author,
  ): Promise<LogEntry> {
    const last = this.entries.at(-1);
    const unsigned = {
      seq: this.entries.length + 1,
      prev: last ? await entryHash(last) : LOG_GENESIS,
      kind,
      author: author.uid,
      body,
    };
    const sig = b64url(
      crypto.sign('sha256', entryStatement(SPACE, unsigned), { key: by.signKey, dsaEncoding: 'ieee-p1363' }),
    );
    const entry = { ...unsigned, sig } as LogEntry;
    this.entries.push(entry);
    return entry;
  }

  reduce() {
    return reduceLog(SPACE, this.entries, verify);
  }

  /** Invite, accept and add `who` with `role`, the invitation `inv`. */
  async join(owner: Person, who: Person, role: 'editor' | 'viewer', inv = `inv-${who.uid}`): Promise<void> {
    await this.add('invite', owner, { invitation: inv, emailHash: 'a'.repeat(64), role, expiresAt: 1 });
    await this.add('accept', who, {
      invitation: inv,
      uid: who.uid,
      key: who.key,
      fingerprint: who.fingerprint,
    });
    await this.add('add', owner, { invitation: inv, uid: who.uid, fingerprint: who.fingerprint, role });
  }
}

async function created() {
  const owner = await person('u-owner');
  const log = new Log();
  await log.add('create', owner, { key: owner.key, ...epochOf(1) });
  return { owner, log };
}

const refusal = async (log: Log) => {
  const result = await log.reduce();
  return result.ok ? 'accepted' : `${result.seq}:${result.reason}`;
};

describe('the membership log', () => {
  it('follows create → invite → accept → add → role → rotate → remove to the state it says', async () => {
    const { owner, log } = await created();
    const mum = await person('u-mum');
    const kid = await person('u-kid');
    await log.join(owner, mum, 'viewer');
    await log.join(owner, kid, 'editor');
    await log.add('role', owner, { uid: mum.uid, role: 'editor' });
    await log.add('rotate', owner, {
      ...epochOf(2),
      wrappedTo: [owner.fingerprint, mum.fingerprint, kid.fingerprint],
    });
    await log.add('remove', owner, { uid: kid.uid });
    const result = await log.reduce();
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { state } = result;
    expect(state.owner).toBe(owner.uid);
    expect(state.epoch).toBe(2);
    expect(state.series).toBe(series(2));
    expect(state.commit).toBe('commit2');
    expect(state.rotationDue).toBe(true);
    expect(state.seq).toBe(log.entries.length);
    expect(state.head).toBe(await entryHash(log.entries.at(-1)!));
    expect(
      Object.fromEntries(
        Object.entries(state.members).map(([uid, m]) => [uid, [m.role, m.state, m.fingerprint]]),
      ),
    ).toEqual({
      [owner.uid]: ['owner', 'member', owner.fingerprint],
      [mum.uid]: ['editor', 'member', mum.fingerprint],
    });
  });

  it('refuses an entry signed by someone other than its author (a forged signer)', async () => {
    const { owner, log } = await created();
    const mallory = await person('u-mallory');
    await log.add(
      'invite',
      owner,
      { invitation: 'i', emailHash: 'b'.repeat(64), role: 'editor', expiresAt: 1 },
      mallory,
    );
    expect(await refusal(log)).toBe('2:bad-signature');
  });

  it('refuses an entry whose signature was made for another space', async () => {
    const { log } = await created();
    expect((await reduceLog('space-2', log.entries, verify)).ok).toBe(false);
  });

  it('refuses a broken prev, an altered earlier entry, and a wrong seq', async () => {
    const { owner, log } = await created();
    await log.add('invite', owner, {
      invitation: 'i',
      emailHash: 'b'.repeat(64),
      role: 'viewer',
      expiresAt: 1,
    });
    const broken = new Log();
    broken.entries = [log.entries[0]!, { ...log.entries[1]!, prev: 'f'.repeat(64) }];
    expect(await refusal(broken)).toBe('2:broken-prev');

    const altered = new Log();
    altered.entries = [{ ...log.entries[0]!, sig: log.entries[1]!.sig }, log.entries[1]!];
    expect(await refusal(altered)).toBe('1:bad-signature');

    const skipped = new Log();
    skipped.entries = [log.entries[0]!, { ...log.entries[1]!, seq: 3 }];
    expect(await refusal(skipped)).toBe('2:wrong-seq');
  });

  it('refuses an add with no invite, or with an invite nobody accepted with that key', async () => {
    const { owner, log } = await created();
    const stranger = await person('u-stranger');
    await log.add('add', owner, {
      invitation: 'none',
      uid: stranger.uid,
      fingerprint: stranger.fingerprint,
      role: 'editor',
    });
    expect(await refusal(log)).toBe('2:no-invitation');

    const second = await created();
    await second.log.add('invite', second.owner, {
      invitation: 'i',
      emailHash: 'c'.repeat(64),
      role: 'editor',
      expiresAt: 1,
    });
    await second.log.add('add', second.owner, {
      invitation: 'i',
      uid: stranger.uid,
      fingerprint: stranger.fingerprint,
      role: 'editor',
    });
    expect(await refusal(second.log)).toBe('3:no-invitation');

    // Accepted with one key, added with another (the server's).
    const third = await created();
    const swapped = await person('u-stranger');
    await third.log.add('invite', third.owner, {
      invitation: 'i',
      emailHash: 'c'.repeat(64),
      role: 'editor',
      expiresAt: 1,
    });
    await third.log.add('accept', stranger, {
      invitation: 'i',
      uid: stranger.uid,
      key: stranger.key,
      fingerprint: stranger.fingerprint,
    });
    await third.log.add('add', third.owner, {
      invitation: 'i',
      uid: stranger.uid,
      fingerprint: swapped.fingerprint,
      role: 'editor',
    });
    expect(await refusal(third.log)).toBe('4:no-invitation');
  });

  it('refuses an add whose role is not the invitation’s', async () => {
    const { owner, log } = await created();
    const kid = await person('u-kid');
    await log.add('invite', owner, {
      invitation: 'i',
      emailHash: 'c'.repeat(64),
      role: 'viewer',
      expiresAt: 1,
    });
    await log.add('accept', kid, {
      invitation: 'i',
      uid: kid.uid,
      key: kid.key,
      fingerprint: kid.fingerprint,
    });
    await log.add('add', owner, {
      invitation: 'i',
      uid: kid.uid,
      fingerprint: kid.fingerprint,
      role: 'editor',
    });
    expect(await refusal(log)).toBe('4:not-allowed');
  });

  it('refuses an epoch that is not the current one plus one', async () => {
    const { owner, log } = await created();
    await log.add('rotate', owner, { ...epochOf(3), wrappedTo: [owner.fingerprint] });
    expect(await refusal(log)).toBe('2:wrong-epoch');
  });

  it('refuses a rotation that leaves a member without the key', async () => {
    const { owner, log } = await created();
    const mum = await person('u-mum');
    await log.join(owner, mum, 'editor');
    await log.add('rotate', owner, { ...epochOf(2), wrappedTo: [owner.fingerprint] });
    expect(await refusal(log)).toBe('5:not-allowed');
  });

  it('refuses a viewer’s rotate, and an editor’s unless a rotation is due', async () => {
    const { owner, log } = await created();
    const viewer = await person('u-viewer');
    const editor = await person('u-editor');
    await log.join(owner, viewer, 'viewer');
    await log.join(owner, editor, 'editor');
    const everyone = [owner.fingerprint, viewer.fingerprint, editor.fingerprint];
    const base = log.entries.length;

    await log.add('rotate', viewer, { ...epochOf(2), wrappedTo: everyone });
    expect(await refusal(log)).toBe(`${base + 1}:not-allowed`);

    log.entries.pop();
    await log.add('rotate', editor, { ...epochOf(2), wrappedTo: everyone });
    expect(await refusal(log)).toBe(`${base + 1}:not-allowed`);

    log.entries.pop();
    await log.add('leave', viewer, {});
    await log.add('rotate', editor, { ...epochOf(2), wrappedTo: [owner.fingerprint, editor.fingerprint] });
    const result = await log.reduce();
    expect(result.ok && [result.state.epoch, result.state.rotationDue]).toEqual([2, false]);
  });

  it('refuses an editor’s role change, invitation and removal', async () => {
    const { owner, log } = await created();
    const editor = await person('u-editor');
    const viewer = await person('u-viewer');
    await log.join(owner, editor, 'editor');
    await log.join(owner, viewer, 'viewer');
    const at = log.entries.length + 1;
    for (const [kind, body] of [
      ['role', { uid: viewer.uid, role: 'editor' }],
      ['invite', { invitation: 'x', emailHash: 'd'.repeat(64), role: 'editor', expiresAt: 1 }],
      ['remove', { uid: viewer.uid }],
      ['delete', {}],
    ] as const) {
      await log.add(kind, editor, body as never);
      expect(await refusal(log)).toBe(`${at}:not-allowed`);
      log.entries.pop();
    }
  });

  it('refuses anything after delete', async () => {
    const { owner, log } = await created();
    await log.add('delete', owner, {});
    expect((await log.reduce()).ok).toBe(true);
    await log.add('invite', owner, {
      invitation: 'i',
      emailHash: 'e'.repeat(64),
      role: 'editor',
      expiresAt: 1,
    });
    expect(await refusal(log)).toBe('3:after-delete');
  });

  it(`refuses an ${SPACE_MEMBERS_MAX + 1}th member`, async () => {
    const { owner, log } = await created();
    for (let i = 1; i < SPACE_MEMBERS_MAX; i++) await log.join(owner, await person(`u-${i}`), 'viewer');
    const ten = await log.reduce();
    expect(ten.ok && Object.keys(ten.state.members).length).toBe(SPACE_MEMBERS_MAX);
    await log.join(owner, await person('u-eleven'), 'viewer');
    expect(await refusal(log)).toBe(`${log.entries.length - 1}:full`);
  });

  it('lets a member’s new identity in only with an owner’s add, then verifies it', async () => {
    const { owner, log } = await created();
    const mum = await person('u-mum');
    await log.join(owner, mum, 'editor');
    const renewed = { ...(await person('u-mum', 2)) };
    await log.add('rekey', mum, { key: renewed.key, fingerprint: renewed.fingerprint }, renewed);
    await log.add('leave', mum, {}, renewed);
    expect(await refusal(log)).toBe('6:bad-signature');
    log.entries.pop();
    await log.add('add', owner, {
      invitation: null,
      uid: mum.uid,
      fingerprint: renewed.fingerprint,
      role: 'editor',
    });
    await log.add('leave', mum, {}, renewed);
    expect(await refusal(log)).toBe('accepted');
  });

  it('hands the space over only to the member it was offered to', async () => {
    const { owner, log } = await created();
    const mum = await person('u-mum');
    const kid = await person('u-kid');
    await log.join(owner, mum, 'editor');
    await log.join(owner, kid, 'editor');
    await log.add('handover', owner, { to: mum.uid });
    await log.add('handover-accept', kid, {});
    expect(await refusal(log)).toBe(`${log.entries.length}:not-allowed`);
    log.entries.pop();
    await log.add('handover-accept', mum, {});
    const result = await log.reduce();
    expect(result.ok && [result.state.owner, result.state.members[owner.uid]!.role]).toEqual([
      mum.uid,
      'editor',
    ]);
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes arrays as JSON.stringify does', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 'x', c: null }] })).toBe('{"a":[{"c":null,"d":"x"}],"b":1}');
    expect(canonicalJson(['mygenie/x/v1', 'id', 3])).toBe(JSON.stringify(['mygenie/x/v1', 'id', 3]));
    expect(() => canonicalJson({ a: undefined })).toThrow();
    expect(() => canonicalJson([Number.NaN])).toThrow();
  });
});

// Invitations to shared spaces through the real app (docs/spaces-plan.md §4, step 6): an owner invites an address
// with a signed `invite` entry, the invitee accepts with a signed `accept` entry and an owner's or editor's device
// lets them in with an `add` entry and a wrap — and the attacks: the invitation accepted by another account, by the
// invitee's session still waiting for confirmation, or by someone who only reads the mailbox; an unknown address
// told apart from a member's; more members or spaces than the caps, at once; an expired invitation; more mail than
// the limits; and mail that would name the space. SQLite by default, PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPACE_INVITATION_TTL_MS, SPACE_MEMBERS_MAX, SPACES_PER_MEMBER_MAX } from '../../shared/constants.js';
import type { LogEntry } from '../../shared/spaces/log.js';
import { keyFingerprint, sha256Hex } from '../../shared/spaces/statements.js';
import { browserCookies, holdsVault, startTestApp, uniqueIp, type TestApp } from '../test/harness.js';
import {
  codeOf,
  createdSpace,
  nextPlace,
  randomB64url,
  signedEntry,
  signedWrap,
  spaceEvents,
  spaceMember,
  withIdentity,
  type Identity,
  type SpaceMember,
} from '../test/space-fixtures.js';
import { SPACE_INVITATIONS_PER_DAY } from './invitations.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ USER_QUOTA_MB: '64' });
});
afterAll(async () => {
  await t.close();
});

const send = (member: SpaceMember, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request({ method, url, cookie: member.cookie, ...(body === undefined ? {} : { body }) });

/** Waits for the next mail to `to` after those it holds already. */
async function nextMail(to: string, send: () => Promise<void>) {
  const before = (await t.mails()).filter((mail) => mail.to === to).length;
  await send();
  return t.mailTo(to, before);
}

const hashOf = (email: string) => sha256Hex(new TextEncoder().encode(email));

/** The owner's signed invitation of `email` at the log's head, and its id. */
async function inviteBody(
  owner: SpaceMember,
  spaceId: string,
  email: string,
  options: { role?: 'editor' | 'viewer'; expiresIn?: number; hashOf?: string } = {},
) {
  const invitation = randomB64url(16);
  const entry = signedEntry(
    spaceId,
    {
      ...(await nextPlace(t, owner, spaceId)),
      kind: 'invite',
      author: owner.uid,
      body: {
        invitation,
        emailHash: await hashOf(options.hashOf ?? email),
        role: options.role ?? 'editor',
        expiresAt: t.now() + (options.expiresIn ?? SPACE_INVITATION_TTL_MS),
      },
    },
    owner.identity!,
  );
  return { invitation, body: { email, entry } };
}

async function invited(
  owner: SpaceMember,
  spaceId: string,
  email: string,
  role: 'editor' | 'viewer' = 'editor',
) {
  const { invitation, body } = await inviteBody(owner, spaceId, email, { role });
  const answer = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return invitation;
}

const myInvitations = async (member: SpaceMember) =>
  (await send(member, 'GET', '/api/spaces/invitations')).json().invitations as Array<{
    id: string;
    space: string;
    invitedBy: string;
    role: string;
    log: { seq: number; head: string };
  }>;

/** The invitee's signed `accept` at the head the invitation shows (signed by `signer`, the invitee's own). */
async function acceptEntry(invitee: SpaceMember, invitation: string, signer: Identity = invitee.identity!) {
  const listed = (await myInvitations(invitee)).find((item) => item.id === invitation);
  const place = listed
    ? { seq: listed.log.seq + 1, prev: listed.log.head }
    : { seq: 2, prev: '0'.repeat(64) };
  const key = invitee.identity!.key;
  return signedEntry(
    listed?.space ?? '0'.repeat(32),
    {
      ...place,
      kind: 'accept',
      author: invitee.uid,
      body: { invitation, uid: invitee.uid, key, fingerprint: await keyFingerprint(key) },
    },
    signer,
  );
}

const accept = (invitee: SpaceMember, invitation: string, entry: LogEntry) =>
  send(invitee, 'POST', `/api/spaces/invitations/${invitation}/accept`, { entry });

async function accepted(invitee: SpaceMember, invitation: string) {
  const answer = await accept(invitee, invitation, await acceptEntry(invitee, invitation));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

/** An owner's or editor's `add` of the invitee and the wrap for them. */
async function completeBody(
  by: SpaceMember,
  spaceId: string,
  invitee: SpaceMember,
  invitation: string,
  role = 'editor',
) {
  const entry = signedEntry(
    spaceId,
    {
      ...(await nextPlace(t, by, spaceId)),
      kind: 'add',
      author: by.uid,
      body: {
        invitation,
        uid: invitee.uid,
        fingerprint: await keyFingerprint(invitee.identity!.key),
        role: role as 'editor',
      },
    },
    by.identity!,
  );
  return { entry, wrap: signedWrap(spaceId, 1, invitee.uid, invitee.identity!.key.version, by) };
}

async function member(name: string, options: { lang?: 'ko' | 'en'; email?: string } = {}) {
  const who = await spaceMember(t, name, options);
  await withIdentity(t, who);
  return who;
}

const membersOf = async (owner: SpaceMember, spaceId: string) =>
  (await send(owner, 'GET', '/api/spaces'))
    .json()
    .spaces.find((space: { id: string }) => space.id === spaceId).members as Array<{
    uid: string;
    state: string;
    role: string;
  }>;

describe('invitations to a space', () => {
  it('go from invite to accept to a member let in, the mail in the invitee’s language naming no space', async () => {
    const owner = await member('owner');
    const bob = await member('bob', { lang: 'en' });
    const spaceId = await createdSpace(t, owner);
    const { invitation, body } = await inviteBody(owner, spaceId, bob.email);
    let answer = undefined as unknown as Awaited<ReturnType<typeof send>>;
    const mail = await nextMail(bob.email, async () => {
      answer = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, body);
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toEqual({
      id: invitation,
      email: bob.email,
      role: 'editor',
      expiresAt: new Date(body.entry.body.expiresAt).toISOString(),
      state: 'pending',
    });
    expect(mail.subject).toBe('[MyGenie] You are invited to a shared space');
    expect(mail.text).toContain(`${owner.email} invited this address (${bob.email})`);
    expect(mail.text).toContain('as a member who can edit');
    expect(mail.text).toContain(`${t.config.publicUrl}/app/?lang=en`);
    for (const secret of [spaceId, invitation]) expect(mail.text + mail.html).not.toContain(secret);

    expect(await myInvitations(bob)).toEqual([
      {
        id: invitation,
        space: spaceId,
        invitedBy: owner.email,
        role: 'editor',
        expiresAt: answer.json().expiresAt,
        log: { seq: 2, head: expect.stringMatching(/^[0-9a-f]{64}$/) as string },
      },
    ]);
    expect((await send(bob, 'GET', '/api/spaces')).json().invitations).toHaveLength(1);
    const joined = await accepted(bob, invitation);
    expect(joined.json()).toMatchObject({ id: spaceId, role: 'editor', state: 'joining' });
    expect(await myInvitations(bob)).toEqual([]);
    // Joining, Bob reads the log he was let in by; his role allows nothing more yet.
    expect((await send(bob, 'GET', `/api/spaces/${spaceId}/log`)).json().entries).toHaveLength(3);

    const completed = await send(
      owner,
      'PUT',
      `/api/spaces/${spaceId}/members/${bob.uid}/key`,
      await completeBody(owner, spaceId, bob, invitation),
    );
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().members).toHaveLength(2);
    // Joined at the same moment of the test's clock: in no particular order.
    expect(completed.json().members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: owner.uid, role: 'owner', state: 'member' }),
        expect.objectContaining({
          uid: bob.uid,
          email: bob.email,
          role: 'editor',
          state: 'member',
          key: bob.identity!.key,
        }),
      ]),
    );
    expect((await send(bob, 'GET', '/api/spaces')).json().spaces[0]).toMatchObject({
      role: 'editor',
      state: 'member',
    });
    expect(
      (await send(bob, 'GET', `/api/spaces/${spaceId}/log`)).json().entries.map((e: LogEntry) => e.kind),
    ).toEqual(['create', 'invite', 'accept', 'add']);
  });

  it("let the new member's live stream follow the space from the moment they are let in", async () => {
    const owner = await member('owner-live');
    const bob = await member('bob-live');
    const spaceId = await createdSpace(t, owner);
    const { invitation, body } = await inviteBody(owner, spaceId, bob.email);
    await nextMail(bob.email, async () => {
      expect((await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, body)).statusCode).toBe(201);
    });
    await accepted(bob, invitation);
    const toBob = await spaceEvents(t, bob);
    try {
      // Joining, he hears nothing of the space; once an owner lets him in, his stream follows it at once (the
      // membership news), long before its safety poll would read his memberships again.
      const completed = await send(
        owner,
        'PUT',
        `/api/spaces/${spaceId}/members/${bob.uid}/key`,
        await completeBody(owner, spaceId, bob, invitation),
      );
      expect(completed.statusCode, completed.body).toBe(200);
      await expect
        .poll(() => toBob.told(), { timeout: 10_000 })
        .toEqual([{ id: spaceId, epoch: 1, latest: 0, log: 4 }]);
    } finally {
      toBob.close();
    }
  });

  it("tell the owner's live stream of an accept, so their app lets the member in at once", async () => {
    const owner = await member('owner-hears');
    const bob = await member('bob-hears');
    const spaceId = await createdSpace(t, owner);
    const { invitation, body } = await inviteBody(owner, spaceId, bob.email);
    await nextMail(bob.email, async () => {
      expect((await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, body)).statusCode).toBe(201);
    });
    const toOwner = await spaceEvents(t, owner);
    try {
      // The stream first tells where the space stands; the accept moves no series, only the log, and is told again.
      await expect
        .poll(() => toOwner.told(), { timeout: 10_000 })
        .toEqual([{ id: spaceId, epoch: 1, latest: 0, log: 2 }]);
      await accepted(bob, invitation);
      await expect
        .poll(() => toOwner.told(), { timeout: 10_000 })
        .toEqual([
          { id: spaceId, epoch: 1, latest: 0, log: 2 },
          { id: spaceId, epoch: 1, latest: 0, log: 3 },
        ]);
    } finally {
      toOwner.close();
    }
  });

  it('answer the same for an address with no account, whose mail (the inviter’s language) links to signing up', async () => {
    const owner = await member('owner');
    const bob = await member('bob');
    const spaceId = await createdSpace(t, owner);
    const stranger = `stranger.${randomB64url(6).toLowerCase()}@example.com`;
    const known = await inviteBody(owner, spaceId, bob.email);
    const answers = [await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, known.body)];
    const unknown = await inviteBody(owner, spaceId, stranger);
    answers.push(await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, unknown.body));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const shape = (json: Record<string, unknown>) => ({ ...json, id: '…', email: '…', expiresAt: '…' });
    expect(shape(answers[1]!.json())).toEqual(shape(answers[0]!.json()));
    const mail = await t.mailTo(stranger);
    expect(mail.subject).toBe('[MyGenie] 공유 공간에 초대되었습니다');
    expect(mail.text).toContain(
      `${owner.email} 님이 이 주소(${stranger})를 MyGenie 공유 공간에 편집할 수 있는 멤버로`,
    );
    expect(mail.text).toContain('가입한 뒤 앱에서 초대를 수락하세요');
    expect(mail.text).toContain(`/?auth=register&email=${encodeURIComponent(stranger)}&lang=ko`);
    for (const secret of [spaceId, unknown.invitation]) expect(mail.text + mail.html).not.toContain(secret);
  });

  it('are accepted by no one but the invited address’s verified, confirmed member', async () => {
    const owner = await member('owner');
    const carol = await member('carol');
    const mallory = await member('mallory');
    const spaceId = await createdSpace(t, owner);
    const invitation = await invited(owner, spaceId, carol.email);
    const carolsEntry = await acceptEntry(carol, invitation);

    // Another account, with Carol's signed entry or one of its own.
    for (const entry of [carolsEntry, await acceptEntry(mallory, invitation)]) {
      const answer = await accept(mallory, invitation, entry);
      expect([answer.statusCode, codeOf(answer)]).toEqual([404, 'space/invitation-not-found']);
    }
    // Someone who reads Carol's mailbox but is signed in as themselves: the mail holds no id, and the invitation is
    // not theirs to list.
    const mail = await t.mailTo(carol.email);
    expect(mail.text).not.toContain(invitation);
    expect(await myInvitations(mallory)).toEqual([]);
    const declined = await send(mallory, 'POST', `/api/spaces/invitations/${invitation}/decline`, {});
    expect([declined.statusCode, codeOf(declined)]).toEqual([404, 'space/invitation-not-found']);

    // Carol's own sign-in on a new browser, still waiting for her confirmed device to let it in.
    await holdsVault(t, carol.cookie);
    t.advance(1000);
    const phone = browserCookies(
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        body: { email: carol.email, password: carol.password },
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile' },
        ip: uniqueIp(),
      }),
    );
    const waiting = await accept({ ...carol, cookie: phone }, invitation, carolsEntry);
    expect([waiting.statusCode, codeOf(waiting)]).toEqual([403, 'session/pending']);

    // Carol's entry signed by another key than the identity she published.
    const forged = await accept(carol, invitation, await acceptEntry(carol, invitation, mallory.identity!));
    expect([forged.statusCode, codeOf(forged)]).toEqual([403, 'space/unproven']);
    expect((await membersOf(owner, spaceId)).map((m) => m.uid)).toEqual([owner.uid]);

    await accepted(carol, invitation);
    const again = await accept(carol, invitation, carolsEntry);
    expect([again.statusCode, codeOf(again)]).toEqual([404, 'space/invitation-not-found']);
  });

  it('are refused once expired, and made to expire within the limit', async () => {
    const owner = await member('owner');
    const bob = await member('bob');
    const spaceId = await createdSpace(t, owner);
    const tooLong = await inviteBody(owner, spaceId, bob.email, {
      expiresIn: SPACE_INVITATION_TTL_MS + 60_000,
    });
    const refused = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, tooLong.body);
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'request/invalid']);
    const short = await inviteBody(owner, spaceId, bob.email, { expiresIn: 60 * 60_000 });
    expect((await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, short.body)).statusCode).toBe(
      201,
    );
    const entry = await acceptEntry(bob, short.invitation);
    t.advance(2 * 60 * 60_000);
    expect(await myInvitations(bob)).toEqual([]);
    const late = await accept(bob, short.invitation, entry);
    expect([late.statusCode, codeOf(late)]).toEqual([404, 'space/invitation-not-found']);
  });

  it('name the address the owner signed, and only an owner sends or withdraws them', async () => {
    const owner = await member('owner');
    const bob = await member('bob');
    const mallory = await member('mallory');
    const spaceId = await createdSpace(t, owner);
    // Signed for one address, sent to be mailed to another.
    const swapped = await inviteBody(owner, spaceId, mallory.email, { hashOf: bob.email });
    const answer = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, swapped.body);
    expect([answer.statusCode, codeOf(answer)]).toEqual([403, 'space/unproven']);
    // A stranger inviting to the space, or withdrawing an invitation of it: no such space.
    const invitation = await invited(owner, spaceId, bob.email, 'viewer');
    const stranger = await send(mallory, 'POST', `/api/spaces/${spaceId}/invitations`, swapped.body);
    expect([stranger.statusCode, codeOf(stranger)]).toEqual([404, 'space/not-found']);
    const withdrawn = await send(mallory, 'DELETE', `/api/spaces/${spaceId}/invitations/${invitation}`);
    expect([withdrawn.statusCode, codeOf(withdrawn)]).toEqual([404, 'space/not-found']);
    // A viewer let in may neither invite nor let anyone in.
    await accepted(bob, invitation);
    const let_in = await send(
      owner,
      'PUT',
      `/api/spaces/${spaceId}/members/${bob.uid}/key`,
      await completeBody(owner, spaceId, bob, invitation, 'viewer'),
    );
    expect(let_in.statusCode, let_in.body).toBe(200);
    const byViewer = await send(
      bob,
      'POST',
      `/api/spaces/${spaceId}/invitations`,
      (await inviteBody(owner, spaceId, mallory.email)).body,
    );
    expect([byViewer.statusCode, codeOf(byViewer)]).toEqual([403, 'space/not-owner']);
    const completes = await send(
      bob,
      'PUT',
      `/api/spaces/${spaceId}/members/${mallory.uid}/key`,
      await completeBody(owner, spaceId, mallory, invitation),
    );
    expect([completes.statusCode, codeOf(completes)]).toEqual([403, 'space/read-only']);

    // Withdrawn or declined, an invitation is gone.
    const carol = await member('carol');
    const toCarol = await invited(owner, spaceId, carol.email);
    const entry = await acceptEntry(carol, toCarol);
    expect((await send(owner, 'DELETE', `/api/spaces/${spaceId}/invitations/${toCarol}`)).statusCode).toBe(
      204,
    );
    const gone = await accept(carol, toCarol, entry);
    expect([gone.statusCode, codeOf(gone)]).toEqual([404, 'space/invitation-not-found']);
    const again = await invited(owner, spaceId, carol.email);
    expect((await send(carol, 'POST', `/api/spaces/invitations/${again}/decline`, {})).statusCode).toBe(204);
    expect(await myInvitations(carol)).toEqual([]);
  });
});

describe('the caps on invitations', () => {
  it(`keep a space to ${SPACE_MEMBERS_MAX} members and invitations, whatever arrives at once`, async () => {
    const owner = await member('owner');
    const spaceId = await createdSpace(t, owner);
    const invitees = await Promise.all(
      Array.from({ length: SPACE_MEMBERS_MAX - 1 }, (_, i) => member(`invitee${i}`)),
    );
    const invitations: string[] = [];
    for (const invitee of invitees) invitations.push(await invited(owner, spaceId, invitee.email));
    const extra = await inviteBody(
      owner,
      spaceId,
      `one.too.many.${randomB64url(4).toLowerCase()}@example.com`,
    );
    const full = await send(owner, 'POST', `/api/spaces/${spaceId}/invitations`, extra.body);
    expect([full.statusCode, codeOf(full)]).toEqual([409, 'space/full']);

    // 30 accepts at once (each invitee's sent three or four times): the log takes one at a time.
    const entries = await Promise.all(invitees.map((invitee, i) => acceptEntry(invitee, invitations[i]!)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        accept(
          invitees[n % invitees.length]!,
          invitations[n % invitees.length]!,
          entries[n % invitees.length]!,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The others accept one after the other, each after the head before it.
    for (const [i, invitee] of invitees.entries()) {
      if ((await myInvitations(invitee)).length > 0) await accepted(invitee, invitations[i]!);
    }
    expect(await membersOf(owner, spaceId)).toHaveLength(SPACE_MEMBERS_MAX);
    const still = await send(
      owner,
      'POST',
      `/api/spaces/${spaceId}/invitations`,
      (await inviteBody(owner, spaceId, extra.body.email)).body,
    );
    expect([still.statusCode, codeOf(still)]).toEqual([409, 'space/full']);
  });

  it(`keep a member to ${SPACES_PER_MEMBER_MAX} spaces when 30 accepts arrive at once`, async () => {
    const bob = await member('bob');
    for (let i = 0; i < SPACES_PER_MEMBER_MAX - 1; i++) await createdSpace(t, bob);
    const owner = await member('owner');
    const invitations: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Three mails an hour to one address, as every mail.
      t.advance(25 * 60_000);
      invitations.push(await invited(owner, await createdSpace(t, owner), bob.email));
    }
    const entries = await Promise.all(invitations.map((invitation) => acceptEntry(bob, invitation)));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => accept(bob, invitations[n % 10]!, entries[n % 10]!)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map(codeOf)).toContain(
      'space/too-many-spaces',
    );
    expect((await send(bob, 'GET', '/api/spaces')).json().spaces).toHaveLength(SPACES_PER_MEMBER_MAX);
  });

  it('keep an address to the mail limit, and an inviter to a day’s invitations', async () => {
    const owner = await member('owner');
    const spaces = [await createdSpace(t, owner), await createdSpace(t, owner), await createdSpace(t, owner)];
    const target = `often.${randomB64url(4).toLowerCase()}@example.com`;
    // The same address again and again (an invitation renewed): three mails an hour, as every mail.
    for (let i = 0; i < 3; i++) await invited(owner, spaces[0]!, target);
    const fourth = await send(
      owner,
      'POST',
      `/api/spaces/${spaces[0]}/invitations`,
      (await inviteBody(owner, spaces[0]!, target)).body,
    );
    expect([fourth.statusCode, codeOf(fourth)]).toEqual([429, 'auth/too-many-requests']);
    // Many addresses: at most SPACE_INVITATIONS_PER_DAY a day (the refused one did not count).
    const fresh = () => `many.${randomB64url(6).toLowerCase()}@example.com`;
    for (let i = 0; i < SPACE_MEMBERS_MAX - 2; i++) await invited(owner, spaces[0]!, fresh());
    for (let i = 0; i < SPACE_MEMBERS_MAX - 1; i++) await invited(owner, spaces[1]!, fresh());
    expect(3 + (SPACE_MEMBERS_MAX - 2) + (SPACE_MEMBERS_MAX - 1)).toBe(SPACE_INVITATIONS_PER_DAY);
    t.advance(2 * 60 * 60_000);
    const over = await send(
      owner,
      'POST',
      `/api/spaces/${spaces[2]}/invitations`,
      (await inviteBody(owner, spaces[2]!, target)).body,
    );
    expect([over.statusCode, codeOf(over)]).toEqual([429, 'auth/too-many-requests']);
    t.advance(24 * 60 * 60_000);
    expect(
      (
        await send(
          owner,
          'POST',
          `/api/spaces/${spaces[2]}/invitations`,
          (await inviteBody(owner, spaces[2]!, target)).body,
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe('an invitation’s mail on a site closed to sign-ups', () => {
  it('has no sign-up link: an invitation to a space never opens the door', async () => {
    const closed = await startTestApp({ SIGNUPS_ALLOWED: 'false', ADMIN_EMAILS: 'boss@example.com' });
    const saved = t;
    t = closed;
    try {
      const owner = await member('boss', { email: 'boss@example.com' });
      const spaceId = await createdSpace(t, owner);
      await invited(owner, spaceId, 'outsider@example.com');
      const mail = await t.mailTo('outsider@example.com');
      expect(mail.text).toContain('지금은 가입을 받지 않습니다');
      expect(mail.text).not.toContain('auth=register');
      expect(mail.html).not.toContain('href');
    } finally {
      t = saved;
      await closed.close();
    }
  });
});

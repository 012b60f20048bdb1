// The notice service's rules on its store and a fresh database per test (no HTTP): only admins write, each
// language lists its own newest first, and the list each process keeps is dropped at once by a change announced
// from any process, or read again after LIST_CACHE_MS when an announcement was lost.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignedIn } from '../accounts/service.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { noticeService, type NoticeService } from './service.js';

const titles = async (notices: NoticeService, lang: 'ko' | 'en') =>
  (JSON.parse((await notices.list(lang)).json) as { notices: Array<{ title: string }> }).notices.map(
    (notice) => notice.title,
  );

describe('notice service', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let notices: NoticeService;
  let admin: SignedIn;

  beforeEach(async () => {
    world = worlds();
    notices = noticeService({ store: world.stores.notices, clock: world.clock, live: world.live });
    admin = await world.member('admin@example.com', { admin: true });
    return () => notices.close();
  });

  it('lists each language’s notices, newest first', async () => {
    await notices.create(admin, { lang: 'ko', title: '첫 공지', content: '내용' });
    world.advance(1000);
    await notices.create(admin, { lang: 'ko', title: '둘째 공지', content: '내용' });
    await notices.create(admin, { lang: 'en', title: 'First notice', content: 'Text' });
    expect(await titles(notices, 'ko')).toEqual(['둘째 공지', '첫 공지']);
    expect(await titles(notices, 'en')).toEqual(['First notice']);
  });

  it('lets only an admin write, and a waiting sign-in of an admin’s not at all', async () => {
    const { notice } = await notices.create(admin, { lang: 'en', title: 'Kept', content: 'Text' });
    const member = await world.member('member@example.com');
    const waiting = { ...admin, pending: true };
    for (const who of [member, waiting]) {
      expect(await answer(notices.create(who, { lang: 'en', title: 'Mine', content: 'x' }))).toBe(
        'auth/forbidden',
      );
      expect(
        await answer(notices.update(who, notice.id, { lang: 'en', title: 'Changed', content: 'x' })),
      ).toBe('auth/forbidden');
      expect(await answer(notices.remove(who, notice.id))).toBe('auth/forbidden');
    }
    expect(await titles(notices, 'en')).toEqual(['Kept']);
  });

  it('edits and deletes a notice, and answers one that is not there as not found', async () => {
    const { notice } = await notices.create(admin, { lang: 'en', title: 'Draft', content: 'Text' });
    const edited = await notices.update(admin, notice.id, { lang: 'ko', title: '고침', content: '내용' });
    expect(edited.notice).toMatchObject({
      id: notice.id,
      lang: 'ko',
      title: '고침',
      createdAt: notice.createdAt,
    });
    expect(await titles(notices, 'en')).toEqual([]);
    expect(await titles(notices, 'ko')).toEqual(['고침']);
    await notices.remove(admin, notice.id);
    expect(await titles(notices, 'ko')).toEqual([]);
    expect(await answer(notices.remove(admin, notice.id))).toBe('request/not-found');
    expect(await answer(notices.update(admin, notice.id, { lang: 'en', title: 'x', content: 'x' }))).toBe(
      'request/not-found',
    );
  });

  it('drops its kept list when another process announces a change, and reads again after 10 s without one', async () => {
    expect(await titles(notices, 'en')).toEqual([]);
    // Another server process on the same bus writes a notice: this one hears it and reads the list again.
    const other = noticeService({ store: world.stores.notices, clock: world.clock, live: world.live });
    await other.create(admin, { lang: 'en', title: 'From elsewhere', content: 'Text' });
    other.close();
    expect(await titles(notices, 'en')).toEqual(['From elsewhere']);
    // A change whose announcement was lost (written straight to the store): the kept list stays for its time.
    await world.stores.notices.insertNotice({
      id: 'unannounced',
      lang: 'en',
      title: 'Unannounced',
      content: 'Text',
      created_at: new Date(world.clock() + 1).toISOString(),
      updated_at: new Date(world.clock() + 1).toISOString(),
    });
    expect(await titles(notices, 'en')).toEqual(['From elsewhere']);
    world.advance(10_000);
    expect(await titles(notices, 'en')).toEqual(['Unannounced', 'From elsewhere']);
  });
});

// The banner service's rules on its store and a fresh database per test (no HTTP): there is no banner until an
// admin writes one, only admins write and remove it, a form made from an older revision is refused rather than
// replacing what another admin saved since, and the copy each process keeps is dropped at once by a change
// announced from any process, or read again after 10 s when an announcement was lost.
import { beforeEach, describe, expect, it } from 'vitest';
import type { SignedIn } from '../accounts/service.js';
import type { BannerBody } from '../../shared/schemas/banner.js';
import { answer, serviceWorlds, type ServiceWorld } from '../test/services.js';
import { bannerService, type BannerChange, type BannerService } from './service.js';

const content = (version: string, word = 'Update'): Omit<BannerBody, 'revision'> => ({
  version,
  title: { ko: `${word} 소식`, en: `${word} news` },
  body: { ko: '새 기능이 나왔습니다.', en: 'Something new is here.' },
});

/** What the home page is answered. */
const shown = async (banner: BannerService) =>
  (JSON.parse(await banner.current()) as { banner: { version: string; title: { en: string } } | null })
    .banner;

describe('the update banner service', () => {
  const worlds = serviceWorlds();
  let world: ServiceWorld;
  let banner: BannerService;
  let admin: SignedIn;
  let other: SignedIn;

  beforeEach(async () => {
    world = worlds();
    banner = bannerService({ store: world.stores.banner, clock: world.clock, live: world.live });
    admin = await world.member('admin@example.com', { admin: true });
    other = await world.member('second.admin@example.com', { admin: true });
    return () => banner.close();
  });

  it('has no banner until an admin writes one, then shows it in both languages with who wrote it', async () => {
    expect(await shown(banner)).toBeNull();
    expect(await banner.read(admin)).toEqual({ banner: null });

    const { banner: written } = await banner.write(admin, { ...content('2026-12-02'), revision: null });
    expect(written).toMatchObject({
      version: '2026-12-02',
      title: { ko: 'Update 소식', en: 'Update news' },
      updatedBy: 'admin@example.com',
      updatedAt: '2026-12-01T09:00:00.000Z',
    });
    expect(JSON.parse(await banner.current())).toEqual({
      banner: {
        version: '2026-12-02',
        title: { ko: 'Update 소식', en: 'Update news' },
        body: { ko: '새 기능이 나왔습니다.', en: 'Something new is here.' },
        updatedAt: '2026-12-01T09:00:00.000Z',
      },
    });
    // Visitors are not told which admin wrote it, nor its revision.
    expect(await banner.current()).not.toContain('admin@example.com');
    expect(await banner.read(other)).toEqual({ banner: written });
  });

  it('lets only an admin read it for editing, write and remove it; a waiting sign-in of an admin’s not at all', async () => {
    const { banner: written } = await banner.write(admin, { ...content('1'), revision: null });
    const member = await world.member('member@example.com');
    const waiting = { ...admin, pending: true };
    for (const who of [member, waiting]) {
      expect(await answer(banner.read(who))).toBe('auth/forbidden');
      expect(await answer(banner.write(who, { ...content('2'), revision: written.revision }))).toBe(
        'auth/forbidden',
      );
      expect(await answer(banner.remove(who, written.revision))).toBe('auth/forbidden');
    }
    expect((await shown(banner))?.version).toBe('1');
  });

  it('refuses a write or removal made from an older revision, keeping what the other admin saved', async () => {
    const first = (await banner.write(admin, { ...content('1', 'First'), revision: null })).banner;
    // Both admins opened the form on the first banner; the other saves first.
    const second = (await banner.write(other, { ...content('2', 'Second'), revision: first.revision }))
      .banner;
    expect(second.revision).not.toBe(first.revision);
    expect(await answer(banner.write(admin, { ...content('3', 'Mine'), revision: first.revision }))).toBe(
      'banner/changed',
    );
    expect(await answer(banner.remove(admin, first.revision))).toBe('banner/changed');
    // A form opened while there was none does not replace one written since.
    expect(await answer(banner.write(admin, { ...content('3', 'Mine'), revision: null }))).toBe(
      'banner/changed',
    );
    expect(await banner.read(admin)).toEqual({ banner: second });
    expect((await shown(banner))?.title.en).toBe('Second news');

    // Written again from what was read since, it goes through.
    const mine = (await banner.write(admin, { ...content('3', 'Mine'), revision: second.revision })).banner;
    expect((await shown(banner))?.title.en).toBe('Mine news');

    // Removed by one admin: the other's form, made from what was there, neither writes nor removes.
    await banner.remove(other, mine.revision);
    expect(await answer(banner.write(admin, { ...content('4'), revision: mine.revision }))).toBe(
      'banner/changed',
    );
    expect(await answer(banner.remove(admin, mine.revision))).toBe('banner/changed');
    // Written anew after the removal, the old form's revision still does not match (no revision comes back).
    await banner.write(other, { ...content('5', 'Anew'), revision: null });
    expect(await answer(banner.write(admin, { ...content('6'), revision: mine.revision }))).toBe(
      'banner/changed',
    );
    expect((await shown(banner))?.title.en).toBe('Anew news');
  });

  it('removes the banner, and the home page has none again', async () => {
    const { banner: written } = await banner.write(admin, { ...content('1'), revision: null });
    await banner.remove(admin, written.revision);
    expect(await shown(banner)).toBeNull();
    expect(await banner.read(admin)).toEqual({ banner: null });
  });

  it('tells a listener of every write and removal that went through, and of no refused one', async () => {
    const changes: BannerChange[] = [];
    const stop = banner.onChange((change) => changes.push(change));
    const { banner: written } = await banner.write(admin, { ...content('1'), revision: null });
    await answer(banner.write(other, { ...content('2'), revision: null }));
    world.advance(1000);
    await banner.remove(other, written.revision);
    stop();
    await banner.write(admin, { ...content('3'), revision: null });
    expect(changes).toEqual([
      { action: 'write', by: admin.user.uid, at: '2026-12-01T09:00:00.000Z', banner: written },
      { action: 'remove', by: other.user.uid, at: '2026-12-01T09:00:01.000Z', banner: null },
    ]);
  });

  it('drops its kept copy when another process announces a change, and reads again after 10 s without one', async () => {
    expect(await shown(banner)).toBeNull();
    // Another server process on the same bus writes the banner: this one hears it and reads it again.
    const elsewhere = bannerService({ store: world.stores.banner, clock: world.clock, live: world.live });
    const { banner: written } = await elsewhere.write(admin, {
      ...content('1', 'Elsewhere'),
      revision: null,
    });
    elsewhere.close();
    expect((await shown(banner))?.title.en).toBe('Elsewhere news');
    // A change whose announcement was lost (written straight to the store): the kept copy stays for its time.
    await world.stores.banner.replaceBanner(written.revision, {
      version: '2',
      title_ko: '조용히',
      title_en: 'Unannounced',
      body_ko: '본문',
      body_en: 'Body',
      revision: 'unannounced',
      updated_by: null,
      updated_at: written.updatedAt,
    });
    expect((await shown(banner))?.title.en).toBe('Elsewhere news');
    world.advance(10_000);
    expect((await shown(banner))?.title.en).toBe('Unannounced');
  });
});

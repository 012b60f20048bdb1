// The schedule with shared spaces, in a real Chromium over real vaults (the member's own and two spaces' keyed Vaults
// over fake-indexeddb, behind a shelf as the spaces service will hand it), in Korean and English: a day's list says
// which space each event is in, a viewer's event offers no edit or delete and opens with nothing to change, and a new
// event goes to the space the picker names.
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import './schedule.css';
import { render } from '../../../client/test/render.js';
import { fill } from '../../../client/text.js';
import type { SpaceTag } from '../../../shared/spaces/colours.js';
import type { ScheduleEvent } from '../../records/event.js';
import type { ShelfSpace, SpaceShelf } from '../../spaces/model.js';
import { newEpoch } from '../../spaces/space-keys.js';
import { newHeader, openTab } from '../../test/devices.js';
import { SlotsProvider, type Slots } from '../../ui/slots.js';
import { spaceTagText } from '../../ui/spaces/copy.js';
import { SpacesProvider } from '../../ui/spaces/listed.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { cryptoApi } from '../../vault/crypto-api.js';
import { CryptoPool, inProcessWorker } from '../../vault/pool.js';
import { VaultProvider } from '../../vault/react.js';
import { SpaceStores } from '../../vault/space-stores.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { eventsByDate } from './agenda.js';
import { scheduleText } from './copy.js';
import { newDraft } from './event-form.js';
import { EventForm } from './EventForm.js';
import { EventList } from './EventList.js';
import { useScheduleEvents } from './use-schedule-data.js';
import AnniversariesPage from './anniversaries/AnniversariesPage.js';
import { anniversaryText } from './anniversaries/copy.js';

const MEMBER = crypto.randomUUID();
const HOME: SpaceTag = { id: 'a'.repeat(32), name: '우리집', colour: 'teal' };
const FAMILY: SpaceTag = { id: 'b'.repeat(32), name: 'Family', colour: 'rose' };
const DAY = '2026-12-24';
const SLOTS: Slots = { LinkedDocuments: () => null, ConflictCopyBadge: () => null };
let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

async function spaceVault(indexedDB: IDBFactory, spaceId: string): Promise<Vault> {
  const options = { indexedDB, IDBKeyRange };
  const stores = new SpaceStores(MEMBER, options);
  const id = await stores.note(spaceId, 1);
  stores.close();
  const vault = new Vault(id, {
    openStore: () => new VaultStore(id, options),
    pool: new CryptoPool(1, () => inProcessWorker(cryptoApi())),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
    keyed: true,
  });
  opened.push(vault);
  await vault.openWithKey(newEpoch().key);
  return vault;
}

const event = (title: string, extra: Partial<ScheduleEvent> = {}): ScheduleEvent => ({
  title,
  calendar: 'solar',
  date: DAY,
  repeat: 'none',
  time: '',
  memo: '',
  ...extra,
});

async function device() {
  const indexedDB = new IDBFactory();
  const member = await openTab(indexedDB, MEMBER, null, header);
  opened.push(member);
  const home = await spaceVault(indexedDB, HOME.id);
  const family = await spaceVault(indexedDB, FAMILY.id);
  await member.save('event', 'm1', undefined, event('Dentist'));
  await member.save(
    'event',
    'm2',
    undefined,
    event('Old party', { fromSpace: 'Club' } as Partial<ScheduleEvent>),
  );
  await home.save('event', 'h1', undefined, event('Christmas dinner'));
  await family.save('event', 'f1', undefined, event('Grandma visits'));
  const yearly = { calendar: 'solar', date: '2015-12-24', leap: false, repeat: 'yearly' } as const;
  await member.save('anniversaries', 'a1', undefined, { ...yearly, name: 'First date' });
  await home.save('anniversaries', 'a2', undefined, { ...yearly, name: 'Moving-in day' });
  await family.save('anniversaries', 'a3', undefined, { ...yearly, name: 'Grandma’s birthday' });
  const spaces: ShelfSpace[] = [
    { tag: HOME, role: 'editor', writable: true, vault: home },
    { tag: FAMILY, role: 'viewer', writable: false, vault: family },
  ];
  const shelf: SpaceShelf = { spaces: () => spaces, subscribe: () => () => undefined };
  return { member, home, shelf };
}

/** The day's list as the schedule draws it from the listed events. */
function Day() {
  const events = useScheduleEvents();
  const entries = eventsByDate(events, DAY, DAY).get(DAY) ?? [];
  return <EventList entries={entries} onEdit={() => undefined} onDelete={() => undefined} />;
}

function Shell({ member, shelf, children }: { member: Vault; shelf: SpaceShelf; children: React.ReactNode }) {
  return (
    <SlotsProvider value={SLOTS}>
      <VaultProvider vault={member}>
        <SpacesProvider shelf={shelf}>{children}</SpacesProvider>
      </VaultProvider>
    </SlotsProvider>
  );
}

describe.each(['ko', 'en'] as const)('the schedule with shared spaces in %s', (lang) => {
  const text = scheduleText[lang];
  const tags = spaceTagText[lang];
  const row = (title: string) => page.getByRole('listitem').filter({ hasText: title });

  it('says which space each event is in, and offers no change of a viewer’s event', async () => {
    const { member, shelf } = await device();
    render(
      <Shell member={member} shelf={shelf}>
        <Day />
      </Shell>,
      { lang },
    );
    await expect.element(row('Christmas dinner')).toHaveTextContent(HOME.name);
    await expect.element(row('Grandma visits')).toHaveTextContent(FAMILY.name);
    await expect.element(row('Old party')).toHaveTextContent(tags.chip.from.replace('{{name}}', 'Club'));
    expect(row('Dentist').element().querySelector('.space-chip')).toBeNull();
    expect(row('Grandma visits').getByRole('button').elements()).toHaveLength(0);
    await expect
      .element(
        row('Christmas dinner').getByRole('button', {
          name: fill(text.event.edit, { title: 'Christmas dinner' }),
        }),
      )
      .toBeVisible();
  });

  it('opens a viewer’s event with nothing to change', async () => {
    const { member, shelf } = await device();
    render(
      <Shell member={member} shelf={shelf}>
        <EventForm
          eventId="f1"
          occurrenceKey={null}
          initial={{ ...newDraft(DAY), title: 'Grandma visits' }}
          onClose={() => undefined}
          onDelete={() => undefined}
        />
      </Shell>,
      { lang },
    );
    const dialog = page.getByRole('dialog', { name: 'Grandma visits' });
    await expect.element(dialog.getByRole('note')).toHaveTextContent(tags.viewerNote);
    expect(dialog.getByRole('textbox').elements()).toHaveLength(0);
  });

  it('writes a new event in the space the picker names', async () => {
    const { member, home, shelf } = await device();
    render(
      <Shell member={member} shelf={shelf}>
        <EventForm
          eventId={null}
          occurrenceKey={null}
          initial={newDraft(DAY)}
          onClose={() => undefined}
          onDelete={() => undefined}
        />
        <Day />
      </Shell>,
      { lang },
    );
    const dialog = page.getByRole('dialog', { name: text.form.newTitle });
    const picker = dialog.getByRole('combobox', { name: tags.picker.label });
    const options = [...picker.element().querySelectorAll('option')].map((option) => option.textContent);
    expect(options).toEqual([tags.mine, `${HOME.name} ● ${tags.colours.teal}`]);
    await picker.selectOptions(HOME.id);
    await dialog.getByRole('textbox', { name: text.form.title, exact: true }).fill('Gift shopping');
    await dialog.getByRole('button', { name: /저장|Save/ }).click();
    await expect.element(row('Gift shopping')).toHaveTextContent(HOME.name);
    expect(home.list<ScheduleEvent>('event').map((saved) => saved.value.title)).toContain('Gift shopping');
    expect(member.list<ScheduleEvent>('event').map((saved) => saved.value.title)).not.toContain(
      'Gift shopping',
    );
  });

  it('lists anniversaries where they live and adds one to the space the picker names', async () => {
    const words = anniversaryText[lang];
    const { member, home, shelf } = await device();
    render(
      <Shell member={member} shelf={shelf}>
        <AnniversariesPage />
      </Shell>,
      { lang },
    );
    await expect.element(row('Moving-in day')).toHaveTextContent(HOME.name);
    await expect.element(row('Grandma’s birthday')).toHaveTextContent(FAMILY.name);
    expect(row('First date').element().querySelector('.space-chip')).toBeNull();
    expect(row('Grandma’s birthday').getByRole('button').elements()).toHaveLength(0);

    await page.getByRole('button', { name: words.add, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.form.add });
    await dialog.getByRole('combobox', { name: tags.picker.label }).selectOptions(HOME.id);
    await dialog.getByRole('textbox', { name: words.form.name, exact: true }).fill('Wedding');
    await dialog.getByRole('button', { name: /저장|Save/ }).click();
    await expect.element(row('Wedding')).toHaveTextContent(HOME.name);
    expect(home.list<{ name: string }>('anniversaries').map((saved) => saved.value.name)).toContain(
      'Wedding',
    );
  });
});

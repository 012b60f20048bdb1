// The language reminders are written in, chosen the first time the member saves an event with a reminder: it is
// saved before the event is, so the first reminders worked out from the event (on screen at once, or sent to the
// server) already speak the member's language. Once, on a busy machine, the settings' write ended after the event's
// and an English member's first reminder came up in Korean, the default; here the order the vault sealed the two
// records in is noted, and the event's must begin only once the settings' has ended. A real Chromium over
// a real vault (fake-indexeddb, the vault's own cryptography in-process).
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../client/styles.css';
import '../../app.css';
import './schedule.css';
import { render } from '../../../client/test/render.js';
import type { Language } from '../../../shared/constants.js';
import { newHeader, PASSWORD, rememberingWorker } from '../../test/devices.js';
import { SlotsProvider, type Slots } from '../../ui/slots.js';
import type { VaultHeader } from '../../vault/crypto.js';
import { CryptoPool, type PoolWorker } from '../../vault/pool.js';
import { VaultProvider } from '../../vault/react.js';
import { VaultStore } from '../../vault/store.js';
import { Vault } from '../../vault/vault.js';
import { scheduleText } from './copy.js';
import { newDraft } from './event-form.js';
import { EventForm } from './EventForm.js';
import { reminderLanguage } from './reminders.js';

const SLOTS: Slots = { LinkedDocuments: () => null, ConflictCopyBadge: () => null };
let header: VaultHeader;
const opened: Vault[] = [];

beforeAll(async () => {
  header = await newHeader();
});
afterEach(() => {
  for (const vault of opened.splice(0)) vault.close();
});

/** What the vault's crypto worker was asked to seal and when it answered, in order ("settings:start", …). */
const sealing: string[] = [];

/** The vault's crypto worker, noting when it starts and ends sealing each record's kind. */
function notingWorker(): PoolWorker {
  const worker = rememberingWorker();
  const call = worker.call.bind(worker);
  worker.call = async (method, args, transfer) => {
    const kinds =
      method === 'sealMany' ? (args[0] as Array<{ kind: string }>).map((record) => record.kind) : [];
    for (const kind of kinds) sealing.push(`${kind}:start`);
    const answer = await call(method, args, transfer);
    for (const kind of kinds) sealing.push(`${kind}:end`);
    return answer;
  };
  return worker;
}

async function notedVault(): Promise<Vault> {
  const vault = new Vault(crypto.randomUUID(), {
    openStore: (id) => new VaultStore(id, { indexedDB: new IDBFactory(), IDBKeyRange }),
    pool: new CryptoPool(1, notingWorker),
    news: null,
    keepVerifier: null,
    hasVerifier: () => true,
  });
  opened.push(vault);
  await vault.load();
  if ((await vault.joinSynced(header, PASSWORD)) !== 'ok') throw new Error('the vault did not open');
  return vault;
}

describe.each(['en', 'ko'] as const)('an event’s first reminder, in %s', (lang: Language) => {
  it('finds the reminder language saved when the event is written', async () => {
    const vault = await notedVault();
    sealing.length = 0;
    // What a reminder worked out the moment the event lands in the vault would be written in.
    let languageThen: Language | null = null;
    vault.subscribe(() => {
      if (languageThen === null && vault.list('event').length > 0) languageThen = reminderLanguage(vault);
    });
    render(
      <SlotsProvider value={SLOTS}>
        <VaultProvider vault={vault}>
          <EventForm
            eventId={null}
            occurrenceKey={null}
            initial={{ ...newDraft('2026-12-24', '10:15'), title: 'Dentist', reminders: [10] }}
            onClose={() => undefined}
            onDelete={() => undefined}
          />
        </VaultProvider>
      </SlotsProvider>,
      { lang },
    );
    const dialog = page.getByRole('dialog', { name: scheduleText[lang].form.newTitle });
    await dialog.getByRole('button', { name: /^(저장|Save)$/ }).click();
    await expect.poll(() => languageThen).not.toBeNull();
    expect(languageThen).toBe(lang);
    // The event's sealing began only once the settings' had ended, however long that took.
    expect(sealing.indexOf('event:start')).toBeGreaterThan(sealing.indexOf('settings:end'));
  });
});

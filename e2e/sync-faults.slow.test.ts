// Sync through server faults (issue 19): the server killed with SIGKILL while a device sends a large import, and
// stopped gracefully while the other listens, each time started again on the same address. Nothing is lost (every
// record reaches the other device) and nothing is doubled (the member's series holds each device's changes once).
import { describe, expect, it } from 'vitest';
import { ledgerText } from '../src/app/modules/ledger/copy.js';
import { plural } from '../src/shared/plural.js';
import { syncMember } from './pages/sync.js';
import { browserSuite } from './support/suite.js';

const suite = browserSuite();
const ROWS = 1500;

describe('sync through server faults', () => {
  it('loses nothing and doubles nothing when the server is killed mid-sync and restarted', async () => {
    const [a, b] = await syncMember(suite, 'en', 2);
    await a!.startSyncing();
    await b!.join();
    const ledger = ledgerText.en;

    // A large import on the laptop: its changes go up in several pushes, and the server dies among them.
    await a!.app.go('ledger');
    const today = new Date().toISOString().slice(0, 10);
    const rows = Array.from(
      { length: ROWS },
      (_, index) => `${today},expense,${1000 + index},food,row ${index}`,
    );
    await a!.page.locator('input[type="file"][accept*="csv"]').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`date,type,amount,category,memo\n${rows.join('\n')}\n`),
    });
    let pushes = 0;
    a!.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/sync/changes')) pushes += 1;
    });
    await a!.page.getByRole('alertdialog').getByRole('button', { name: ledger.csv.confirm }).click();
    await a!.app.toast(plural(ledger.csv.imported, ROWS, 'en'));
    await expect.poll(() => pushes, { timeout: 20_000 }).toBeGreaterThan(0);
    await suite.server.restart('SIGKILL');

    // Back: the laptop sends the rest (a push whose answer was lost is sent again and stored once).
    await a!.sent();
    await expect.poll(async () => (await b!.held()).kinds.ledger ?? 0, { timeout: 60_000 }).toBe(ROWS);

    // A graceful restart while the phone listens: its next change still reaches the laptop.
    await suite.server.restart('SIGTERM');
    await b!.app.go('diary');
    await b!.addDiary('After the restart', 'Still syncing.');
    await b!.sent();
    await a!.app.go('diary');
    await a!.page.getByText('After the restart').waitFor({ timeout: 30_000 });

    // Nothing doubled: the member's series is the vault's publication (its first number), then exactly the changes
    // the two devices made, once each.
    const [heldA, heldB] = [await a!.held(), await b!.held()];
    const latest = await a!.page.evaluate(
      async () => (await (await fetch('/api/sync')).json()).latest as number,
    );
    expect(latest).toBe(1 + heldA.seq + heldB.seq);
    expect(heldA.kinds.ledger).toBe(ROWS);
    expect(heldB.kinds.ledger).toBe(ROWS);
  });
});

// The files the export screen makes (ExportPanel.tsx): each writer's code loaded only when its export is chosen. The
// schedule and the ledger take in every shared space the member belongs to (the spaces service's shelf), each
// entry naming its space: an .ics event as its CATEGORIES, a ledger row in the `space` column.
import { isoToday } from '../../format.js';
import type { BackupShelf } from '../../backup/space-copies.js';
import type { ExportSource } from '../../records/kind.js';
import type { Vault } from '../../vault/vault.js';

/** The exports the screen offers, in its order. */
export const EXPORTS = [
  'ics',
  'bitwarden-json',
  'bitwarden-csv',
  'diary-markdown',
  'ledger-csv',
  'ledger-xlsx',
] as const;
export type ExportChoice = (typeof EXPORTS)[number];
import { KIND } from '../kinds.js';

/**
 * The member's records of a kind, then each shared space's on the shelf, each of those naming its space (`space`,
 * the name its members gave it).
 */
async function withSpaces<T>(
  vault: Vault,
  shelf: BackupShelf | null,
  values: (source: ExportSource) => Promise<T[]>,
): Promise<Array<T | (T & { space: string })>> {
  const spaces = shelf?.spaces() ?? [];
  const theirs = await Promise.all(
    spaces.map(async ({ tag, vault: space }) =>
      (await values(space)).map((value) => ({ ...value, space: tag.name })),
    ),
  );
  return [...(await values(vault)), ...theirs.flat()];
}

/** The chosen export's file: its name, bytes and type. Null when the vault (and its spaces) hold nothing of it. */
export async function makeExport(
  vault: Vault,
  shelf: BackupShelf | null,
  choice: ExportChoice,
  lang: 'ko' | 'en',
  filePassword: string,
): Promise<{ name: string; data: BlobPart; type: string } | null> {
  const day = isoToday();
  switch (choice) {
    case 'ics': {
      const events = await withSpaces(vault, shelf, (source) => KIND.event.export.values(source));
      if (events.length === 0) return null;
      const { exportICalendar } = await import('./formats/calendar/export-ics.js');
      return {
        name: `mygenie-schedule-${day}.ics`,
        data: exportICalendar(events, { now: new Date() }),
        type: 'text/calendar',
      };
    }
    case 'bitwarden-json':
    case 'bitwarden-csv': {
      const records = await KIND.personal.export.values(vault);
      if (records.length === 0) return null;
      const writers = await import('./formats/passwords/export.js');
      return choice === 'bitwarden-json'
        ? {
            name: `mygenie-personal-${day}.json`,
            data: await writers.exportBitwardenEncrypted(records, filePassword),
            type: 'application/json',
          }
        : {
            name: `mygenie-personal-${day}.csv`,
            data: writers.exportBitwardenCsv(records),
            type: 'text/csv',
          };
    }
    case 'diary-markdown': {
      const entries = await KIND.memo.export.values(vault);
      if (entries.length === 0) return null;
      const { exportDiaryMarkdown } = await import('./formats/diary/export-markdown.js');
      return {
        name: `mygenie-diary-${day}.zip`,
        data: exportDiaryMarkdown(entries) as Uint8Array<ArrayBuffer>,
        type: 'application/zip',
      };
    }
    case 'ledger-csv':
    case 'ledger-xlsx': {
      const entries = await withSpaces(vault, shelf, (source) => KIND.ledger.export.values(source));
      if (entries.length === 0) return null;
      if (choice === 'ledger-csv') {
        const { formatLedgerCsv } = await import('../../records/ledger-csv.js');
        return {
          name: `mygenie-ledger-${day}.csv`,
          data: formatLedgerCsv(entries, lang === 'ko' ? 'ko' : 'codes'),
          type: 'text/csv;charset=utf-8',
        };
      }
      const { exportLedgerXlsx } = await import('./formats/money/export-xlsx.js');
      return {
        name: `mygenie-ledger-${day}.xlsx`,
        data: exportLedgerXlsx(entries, lang) as Uint8Array<ArrayBuffer>,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    }
  }
}

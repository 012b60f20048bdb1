// The messages between the import screen and its worker (import.worker.ts): the file goes in, the plan (or the
// sheet to map, or the reason it cannot be read) comes out, with progress on the way.
import type { ImportErrorCode, ImportFormat, ImportPlan } from './plan.js';

/** A statement's columns as the member (or a preset) maps them; the money importer's own type, carried as is. */
export type Mapping = Record<string, unknown>;

export interface SheetPreview {
  /** The first rows of the sheet, cells as text, for the column mapper. */
  rows: string[][];
  rowCount: number;
  /** What the money importer guessed: the header row, the mapping, a preset's name; null when it cannot tell. */
  guess: { headerRow: number; mapping: Mapping; preset?: string } | null;
}

export type ToWorker =
  | {
      type: 'read';
      file: Blob;
      password?: string;
      timeZone: string;
      today: string;
    }
  | { type: 'map'; headerRow: number; mapping: Mapping; timeZone: string; today: string };

export type FromWorker =
  | { type: 'progress'; share: number }
  | { type: 'plan'; plan: ImportPlan }
  | { type: 'sheet'; format: ImportFormat; sheet: SheetPreview }
  | { type: 'failed'; code: ImportErrorCode; line?: number; detail?: string };

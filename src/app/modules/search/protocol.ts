// What the page and the search worker say to each other. The page sends each record's searchable text (never a
// secret field) as the vault gives it, in batches; the worker keeps it prepared in memory and answers queries
// with ids, counts and snippets. Nothing here is stored anywhere: the worker ends when the vault locks.

import { RECORD_SCREENS, type RecordScreen } from '../../records/kind.js';

/** The modules search looks in (the screens that list records), in the order their results are shown. */
export const SEARCH_MODULES = RECORD_SCREENS;
export type SearchModule = RecordScreen;

/** One record's searchable text: its fields (the first is its title), as the module keeps them. */
export interface SearchableRecord {
  id: string;
  module: SearchModule;
  /** The record's last change (ms): newer records come first among equally good results. */
  updatedAt: number;
  fields: string[];
  /** Words that find the record but are never shown in a snippet (the kind's `search.aliases`). */
  aliases?: string[];
}

/** Part of a record's text around what matched: `match` is the matched part, shown marked. */
export interface Snippet {
  before: string;
  match: string;
  after: string;
}

export interface SearchHit {
  id: string;
  snippet: Snippet;
}

export interface SearchGroup {
  module: SearchModule;
  /** Every match in the module (more than `results` holds when there are many). */
  total: number;
  results: SearchHit[];
}

export interface SearchResults {
  /** Modules with matches that may be shown, in SEARCH_MODULES order. */
  groups: SearchGroup[];
  /** Matches in the modules asked to be kept hidden (behind the detail password): counted, never listed. */
  hidden: number;
}

export interface SearchOptions {
  /** Modules whose matches are only counted. */
  hidden: readonly SearchModule[];
  /** Results listed per module at most. */
  limit: number;
}

export type ToSearchWorker =
  | { type: 'put'; records: SearchableRecord[] }
  | { type: 'remove'; ids: string[] }
  /** Everything the page had is sent (the first time after an unlock): queries are answered in full from now. */
  | { type: 'ready' }
  | { type: 'clear' }
  | { type: 'query'; seq: number; query: string; options: SearchOptions };

export type FromSearchWorker = {
  type: 'answer';
  seq: number;
  query: string;
  /** Records not all sent yet: the answer covers those that were. */
  building: boolean;
  results: SearchResults;
  /** How long the worker took to answer (ms). */
  tookMs: number;
};

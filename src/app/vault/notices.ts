// What happened to a record that the member should hear of, whoever made it happen — sync applying another
// device's change (docs/sync.md), or a form saved over a change made meanwhile in another tab or on another device.

/** The kinds of record the vault keeps (src/app/vault/vault.ts). */
export type NoticeKind = 'event' | 'memo' | 'personal' | 'document' | 'ledger' | 'anniversaries' | 'settings';

export type Notice =
  /** Deleted elsewhere, kept because it was edited here. */
  | 'kept-edited-here'
  /** Deleted here, brought back because it was edited elsewhere. */
  | 'restored-edited-elsewhere'
  /** A setting changed both here and on another device: the other device's choice was kept (sync). */
  | 'settings-merged'
  /** A setting changed both here and elsewhere while its form was open: the choice saved here was kept. */
  | 'setting-replaced'
  /** Changed both here and elsewhere: the edit made here is kept as a copy beside the record. */
  | 'conflict'
  /** Changed elsewhere after the member chose to delete it: kept, so that change is not lost. */
  | 'not-deleted';

export interface RecordNotice {
  id: string;
  kind: NoticeKind;
  notice: Notice;
  at: number;
}

/** At most this many notices are kept (the oldest go first). */
export const NOTICES_KEPT = 50;

// Why a sync run stopped, as the engine and what shows it tell it apart.
import type { FailureCode } from '../../client/api.js';
import type { Verdict } from './chain.js';

/** The server sent something that does not check out (docs/sync.md, "Authentication"): nothing of it applied. */
export class SyncRefused extends Error {
  constructor(readonly verdict: Exclude<Verdict, 'ok'> | 'damaged') {
    super(`refused: ${verdict}`);
  }
}

export type SyncCause =
  | FailureCode
  | 'refused'
  | 'storage-full'
  | 'locked'
  | 'damaged'
  /** The server cannot be reached while the device is online (it is down, or the way to it). */
  | 'unreachable'
  /** Edits stay unsent: the server keeps asking for them to be merged first (see the status's `unsent`). */
  | 'stuck';

/** A run stopped for a cause of this device's (the vault locked, a record that does not open). */
export class SyncStop extends Error {
  constructor(readonly reason: SyncCause) {
    super(reason);
  }
}

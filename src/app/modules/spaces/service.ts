// The devices' spaces service for the shell, which reaches src/app/spaces only through the spaces module.
import { browserSpaces } from '../../spaces/browser.js';
import type { SpacesService } from '../../spaces/model.js';
import type { SyncEngine } from '../../sync/engine.js';
import type { Vault } from '../../vault/vault.js';

/** A member's spaces service in this browser, over their vault and its sync engine (not started). */
export function spacesOfMember(uid: string, vault: Vault, engine: SyncEngine): SpacesService {
  return browserSpaces(uid, vault, engine);
}

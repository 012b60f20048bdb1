// The spaces service in the browser (spaces.ts's host): the membership and space routes over the page's own fetch,
// the engine environment the member's own sync runs in (a Web Lock per space, the browser's clock and online events),
// each space epoch's store as spacePlatform names it, each space's news and the member's from the page's one event
// stream. The member's synced vault vouches for the identity: its sync signing key, opened as its engine opens it.
import { listenLive } from '../../client/live-events.js';
import { activeLanguage } from '../../client/text.js';
import { browserAndSystem, browserDeviceName } from '../../shared/device.js';
import { spacePlatform } from '../platform/vault-platform.js';
import { browserSyncEnvironment, httpApi, httpSyncServer } from '../sync/browser.js';
import type { SyncEngine } from '../sync/engine.js';
import { SyncIdentity } from '../sync/identity.js';
import { SyncStore } from '../sync/store.js';
import { Vault } from '../vault/vault.js';
import type { SpacesService } from './model.js';
import { httpStage } from './rotation.js';
import { httpMembershipApi } from './space-api.js';
import { spaceNews } from './space-sync.js';
import { createSpacesService, type DeviceSpaces } from './spaces.js';

/** The spaces service of member `uid` on this browser, over their unlocked vault and its sync engine. */
export function browserSpaces(uid: string, vault: Vault, engine: SyncEngine): SpacesService {
  const deviceName = () => browserDeviceName(browserAndSystem(navigator.userAgent), activeLanguage());
  const { server: _server, news: _news, ...env } = browserSyncEnvironment(deviceName);
  const signing = new SyncIdentity({
    vault,
    server: httpSyncServer(),
    store: () => new SyncStore(vault.database),
    deviceName,
  });
  const service: DeviceSpaces = createSpacesService({
    uid,
    vault,
    // Spaces need the synced vault: with sync off here there is no key to vouch for an identity (status `off`).
    vaultSigningKey: async () => ((await engine.isOn()) ? signing.signingKey() : null),
    api: httpMembershipApi(),
    spaceApi: httpApi(),
    stage: httpStage(),
    env,
    async openVault(spaceId, epoch) {
      const { id, platform } = await spacePlatform(uid, spaceId, epoch);
      return new Vault(id, platform);
    },
    news: spaceNews,
    // A space the member is in moved, or one they were let into is followed now: the list and the logs again.
    onSpacesNews: (listener) => listenLive({ space: () => listener() }),
  });
  // Sync turned on after the spaces found it off: they start now.
  let starting = false;
  engine.subscribe(() => {
    if (starting || service.state().status !== 'off' || engine.status.state === 'off') return;
    starting = true;
    void service
      .start()
      .catch(() => undefined)
      .finally(() => (starting = false));
  });
  return service;
}

// The devices' spaces service (spaces/spaces.ts) on a member's simulated browser (test/space-members.ts): the
// member's real Vault with sync on, the service given the same browser's routes (the real server through Fastify's
// inject), its space vaults in the browser's own fake-indexeddb as spacePlatform makes them, and an engine
// environment the test drives — its clock, its network (a browser offline fails every request), no live news (the
// test refreshes and syncs when news would come).
import { IDBKeyRange } from 'fake-indexeddb';
import { createSpacesService, type DeviceSpaces, type SpacesHost } from '../spaces/spaces.js';
import { httpStage } from '../spaces/rotation.js';
import { httpApi } from '../sync/browser.js';
import type { SyncEnvironment } from '../sync/ports.js';
import { ManualClock } from './devices.js';
import { spaceVaultIn } from './space-devices.js';
import { spaceDevice, type SpaceAccount, type SpaceDevice, type TestServer } from './space-members.js';

/** A member's browser with the spaces service on it. */
export interface ServiceDevice {
  member: SpaceDevice;
  service: DeviceSpaces;
  online: boolean;
  /** The app locked and opened again on this browser: the service stopped, and a new one started. */
  restart(): Promise<DeviceSpaces>;
  close(): void;
}

/** The spaces service's host on a member's browser. */
export function serviceHost(member: SpaceDevice, network: { online: boolean }): SpacesHost {
  const clock = new ManualClock();
  let queue: Promise<void> = Promise.resolve();
  const env: Omit<SyncEnvironment, 'server' | 'news'> = {
    exclusive: (_name, work) => {
      const run = queue.then(work);
      queue = run.catch(() => undefined);
      return run;
    },
    clock,
    network: { online: () => network.online, watch: () => () => undefined },
    deviceName: () => member.device.name,
  };
  const { indexedDB } = member.device;
  return {
    uid: member.account.uid,
    vault: member.device.vault,
    vaultSigningKey: () => member.signingKey(),
    api: member.api,
    spaceApi: httpApi(member.http),
    stage: httpStage(member.http),
    env,
    openVault: (spaceId, epoch) => spaceVaultIn(indexedDB, member.account.uid, spaceId, epoch),
    news: () => null,
    onSpacesNews: () => () => undefined,
    databases: { indexedDB, IDBKeyRange },
  };
}

/** The member's app on browser `browser` (test/space-members.ts spaceDevice), the spaces service started on it. */
export async function serviceDevice(
  t: TestServer,
  account: SpaceAccount,
  browser: number,
): Promise<ServiceDevice> {
  const member = await spaceDevice(t, account, browser);
  const made: ServiceDevice = {
    member,
    service: null as unknown as DeviceSpaces,
    get online() {
      return network.online;
    },
    set online(value) {
      network.online = value;
      member.hold = value ? null : () => Promise.reject(new TypeError('offline'));
    },
    async restart() {
      made.service.stop();
      made.service = createSpacesService(serviceHost(member, network));
      await made.service.start();
      return made.service;
    },
    close() {
      made.service.stop();
      member.close();
    },
  };
  const network = { online: true };
  made.service = createSpacesService(serviceHost(member, network));
  await made.service.start();
  return made;
}

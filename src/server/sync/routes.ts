// The sync routes (docs/sync.md, "On the server"): each checks its request through the API table and hands it to
// the sync service, which holds the rules.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { SYNC_CHUNK_MAX_BYTES, SYNC_PUSH_BODY_LIMIT_BYTES } from '../../shared/constants.js';
import { caller, deviceKey } from '../accounts/access.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import { declaredLength, sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import type { FairShare } from './fair-share.js';
import type { SyncService } from './service.js';

export function syncRoutes(
  app: FastifyInstance,
  deps: {
    gate: AccountGate;
    sync: SyncService;
    storage: FileStorage;
    maxUploadBytes: number;
    /** Each member's share of the pushes (fair-share.ts), checked from the declared length before the body is read. */
    shares: FairShare;
  },
): void {
  const { gate, sync, storage } = deps;
  const unsubscribe = sync.retireOnSessionNews(app.log);
  app.addHook('onClose', async () => unsubscribe());

  route(app, gate, API.syncState, ({ signedIn }) => sync.state(signedIn));

  route(app, gate, API.syncPublishVault, ({ signedIn, body, request }) =>
    sync.publishVault(signedIn, body, caller(request)),
  );

  route(app, gate, API.syncDeleteVault, ({ signedIn, body, request }) =>
    sync.deleteVault(signedIn, body.currentPassword, caller(request), request.log),
  );

  route(app, gate, API.syncRegisterDevice, ({ signedIn, params, body, request }) =>
    sync.registerDevice(signedIn, params.id, body, deviceKey(request)),
  );

  route(app, gate, API.syncRemoveDevice, ({ signedIn, params }) => sync.removeDevice(signedIn, params.id));

  route(app, gate, API.syncRenameDevice, ({ signedIn, params, body }) =>
    sync.renameDevice(signedIn, params.id, body.name),
  );

  const { shares } = deps;
  route(app, gate, API.syncPush, ({ signedIn, body }) => sync.push(signedIn, body), {
    bodyLimit: SYNC_PUSH_BODY_LIMIT_BYTES,
    first: (signedIn, request) => shares.admit(signedIn.user.uid, declaredLength(request)),
  });

  route(app, gate, API.syncChanges, ({ signedIn, query }) => sync.changes(signedIn, query.after));

  route(app, gate, API.syncUploadSnapshot, ({ signedIn, query, request }) =>
    sync.uploadSnapshot(
      signedIn,
      query,
      // Opened once the service has checked the snapshot may replace the history: a refused one reads no upload.
      { open: () => uploadBody(request, deps.maxUploadBytes), declared: declaredLength(request) },
      request.log,
    ),
  );

  route(app, gate, API.syncSnapshot, async ({ signedIn, params, reply }) =>
    sendStored(reply, storage, await sync.snapshotKey(signedIn, params.id), 'snapshot'),
  );

  route(app, gate, API.syncUploadChunk, async ({ signedIn, params, request }) => {
    // Stored once per key: a resumed upload sending a chunk again stores nothing twice.
    if (await sync.holdsChunk(signedIn, params.key)) {
      request.raw.resume();
      return;
    }
    const incoming = {
      open: () => uploadBody(request, SYNC_CHUNK_MAX_BYTES),
      declared: declaredLength(request),
    };
    await sync.uploadChunk(signedIn, params.key, incoming, request.log);
  });

  route(app, gate, API.syncChunk, async ({ signedIn, params, reply }) =>
    sendStored(reply, storage, await sync.chunkKey(signedIn, params.key), 'chunk'),
  );

  route(app, gate, API.syncHeldChunks, ({ signedIn, body }) => sync.heldChunks(signedIn, body.keys));

  route(app, gate, API.syncForgetChunks, ({ signedIn, body, request }) =>
    sync.forgetChunks(signedIn, body.keys, request.log),
  );
}

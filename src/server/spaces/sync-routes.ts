// A shared space's series routes (docs/spaces-plan.md §4): each checks its request through the API table and hands
// it to the space sync service. A push is admitted before its body is read — the caller must write the space
// (a viewer hears `space/read-only`, a stranger `space/not-found`) and have their fair share of the process left —
// so nobody without the right costs the server the reading of megabytes.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import { SYNC_PUSH_BODY_LIMIT_BYTES } from '../../shared/constants.js';
import { spaceParams } from '../../shared/schemas/space-sync.js';
import { deviceKey } from '../accounts/access.js';
import type { AccountGate } from '../accounts/service.js';
import { ApiError } from '../http/errors.js';
import { route } from '../http/route.js';
import { declaredLength, sendStored, uploadBody } from '../storage/http.js';
import type { FileStorage } from '../storage/storage.js';
import type { FairShare } from '../sync/fair-share.js';
import type { SpaceSyncService } from './sync-service.js';

export function spaceSyncRoutes(
  app: FastifyInstance,
  deps: {
    gate: AccountGate;
    spaces: SpaceSyncService;
    storage: FileStorage;
    maxUploadBytes: number;
    /** Each member's share of the pushes, by member (the same shares as their own sync's: fair-share.ts). */
    shares: FairShare;
  },
): void {
  const { gate, spaces, storage, shares } = deps;

  route(app, gate, API.spaceSync, ({ signedIn, params }) => spaces.state(signedIn, params.id));

  route(app, gate, API.spaceRegisterDevice, ({ signedIn, params, body, request }) =>
    spaces.registerDevice(signedIn, params.id, params.device, body, deviceKey(request)),
  );

  route(app, gate, API.spaceRemoveDevice, ({ signedIn, params }) =>
    spaces.removeDevice(signedIn, params.id, params.device),
  );

  route(app, gate, API.spacePush, ({ signedIn, params, body }) => spaces.push(signedIn, params.id, body), {
    bodyLimit: SYNC_PUSH_BODY_LIMIT_BYTES,
    first: async (signedIn, request) => {
      // The path is not checked yet: a malformed id names no space.
      const path = spaceParams.safeParse(request.params);
      if (!path.success) throw new ApiError('space/not-found');
      await spaces.admitWriter(signedIn, path.data.id);
      return shares.admit(signedIn.user.uid, declaredLength(request));
    },
  });

  route(app, gate, API.spaceChanges, ({ signedIn, params, query }) =>
    spaces.changes(signedIn, params.id, query.epoch, query.after),
  );

  route(app, gate, API.spaceUploadSnapshot, ({ signedIn, params, query, request }) =>
    spaces.uploadSnapshot(
      signedIn,
      params.id,
      query,
      // Opened once the service has checked the snapshot may replace the history: a refused one reads no upload.
      { open: () => uploadBody(request, deps.maxUploadBytes), declared: declaredLength(request) },
      request.log,
    ),
  );

  route(app, gate, API.spaceSnapshot, async ({ signedIn, params, query, reply }) =>
    sendStored(
      reply,
      storage,
      await spaces.snapshotKey(signedIn, params.id, params.snapshot, query.epoch),
      'snapshot',
    ),
  );
}

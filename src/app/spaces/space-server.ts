// A shared space's series as the sync engine's server (docs/spaces-plan.md §3, "Engine generalisation"; §4's routes):
// the member's sync routes the engine calls by name, answered by the space's routes of one epoch — the same bodies
// and answers, the space's id in the path, the epoch in the body or the query. A space's series has no header,
// no documents and no signing key of its own: a snapshot is proven by its maker's identity instead.
import { ApiFailure, type Args } from '../../client/api.js';
import type { Api, Input, Output } from '../../shared/api/index.js';
import { bytesToBase64 } from '../../shared/base64.js';
import { SPACE_DEVICE, SPACE_SNAPSHOT, statementBytes } from '../../shared/spaces/statements.js';
import type { HttpApi } from '../sync/browser.js';
import type {
  PublishedSeries,
  SyncDownloadRoute,
  SyncJsonRoute,
  SyncServer,
  SyncUploadRoute,
} from '../sync/ports.js';

/** The routes of a space that its devices call beside the series' own (its state, its log, a device joining). */
export type SpaceApi = Pick<HttpApi, 'call' | 'upload' | 'download'>;

/** The epoch a space's server answers for, and how its member signs (the member's identity sign key). */
export interface SpaceSeriesAddress {
  spaceId: string;
  epoch: number;
  /** The member's identity signature of a statement's bytes (base64url, P1363). */
  sign: (statement: Uint8Array<ArrayBuffer>) => Promise<string>;
}

/** The proof that a device joins the epoch's series: the member's signature of SPACE_DEVICE. */
export const deviceStatement = (spaceId: string, epoch: number, device: string) =>
  statementBytes([SPACE_DEVICE, spaceId, epoch, device]);

/** A route the engine may call that a space's series has no counterpart of. */
const noSuchRoute = (): never => {
  throw new ApiFailure('request/invalid', 400);
};

/**
 * The space's series of one epoch, as the engine's `SyncServer`: `syncState` reads the space's state (its series as
 * the "vault", with only its id: the engine reads nothing else of it), `syncPush`, `syncChanges`, the snapshots and
 * a device's removal go to the space's routes; a snapshot's proof is made again as a space's (SPACE_SNAPSHOT).
 */
export function spaceServer(address: SpaceSeriesAddress, api: SpaceApi): SyncServer {
  const { spaceId, epoch } = address;
  const id = { id: spaceId };
  const answers = {
    async syncState(): Promise<Output<Api['syncState']>> {
      const state = await api.call('spaceSync', { params: id });
      if (state.epoch !== epoch) throw new ApiFailure('space/stale-epoch', 409);
      return {
        // The engine reads the series' id only (a registration made anew); a space has no header of its own.
        vault: { id: state.series } as PublishedSeries,
        devices: state.devices.map((device) => ({ ...device, name: '' })),
        latest: state.latest,
        snapshot: state.snapshot,
        usedBytes: 0,
        quotaBytes: 0,
      };
    },
    async syncPush(input: Input<Api['syncPush']>) {
      const body = { epoch, ...input.body } as Input<Api['spacePush']>['body'];
      return api.call('spacePush', { params: id, body });
    },
    async syncChanges(input: Input<Api['syncChanges']>) {
      return api.call('spaceChanges', { params: id, query: { epoch, after: input.query.after } });
    },
    async syncRemoveDevice(input: Input<Api['syncRemoveDevice']>) {
      return api.call('spaceRemoveDevice', { params: { id: spaceId, device: input.params.id } });
    },
  } satisfies Partial<Record<SyncJsonRoute, (input: never) => Promise<unknown>>>;

  return {
    call<N extends SyncJsonRoute>(name: N, ...args: Args<N>): Promise<Output<Api[N]>> {
      const answer = (answers as Partial<Record<SyncJsonRoute, (input: unknown) => Promise<unknown>>>)[name];
      if (!answer) return noSuchRoute();
      return answer(args[0]) as Promise<Output<Api[N]>>;
    },
    async upload<N extends SyncUploadRoute>(name: N, input: Input<Api[N]>, body: Uint8Array | string) {
      if (name !== 'syncUploadSnapshot') return noSuchRoute();
      const { query } = input as Input<Api['syncUploadSnapshot']>;
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body);
      const sha256 = bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
      const proof = await address.sign(
        statementBytes([SPACE_SNAPSHOT, spaceId, epoch, query.device, query.covers, sha256]),
      );
      await api.upload(
        'spaceUploadSnapshot',
        {
          params: id,
          query: {
            epoch,
            device: query.device,
            covers: query.covers,
            proof,
            ...(query.publish ? { publish: query.publish } : {}),
          },
        },
        bytes,
      );
    },
    async download<N extends SyncDownloadRoute>(name: N, input: Input<Api[N]>) {
      if (name !== 'syncSnapshot') return noSuchRoute();
      const { params } = input as Input<Api['syncSnapshot']>;
      return api.download('spaceSnapshot', { params: { id: spaceId, snapshot: params.id } });
    },
  };
}

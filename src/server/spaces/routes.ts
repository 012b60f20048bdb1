// The routes of shared spaces (docs/spaces-plan.md §4): checked by the API table, answered by the space service.
// Every route that names a space checks the caller's membership in its `first` hook, before the body is read: a
// caller who is not a member hears `space/not-found`, as for a space that does not exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/index.js';
import { caller } from '../accounts/access.js';
import type { AccountGate, SignedIn } from '../accounts/service.js';
import { route } from '../http/route.js';
import { completesMember, leavesSpace, managesSpace, readsSpace } from '../policies/spaces.js';
import type { SpaceService } from './service.js';

export function spaceRoutes(app: FastifyInstance, deps: { gate: AccountGate; spaces: SpaceService }): void {
  const { gate, spaces } = deps;
  /** The `first` hook of a route naming a space in its path, held to `allows`. */
  const member =
    (
      allows: Parameters<SpaceService['admit']>[2] = readsSpace,
      refusal?: Parameters<SpaceService['admit']>[3],
    ) =>
    (signedIn: SignedIn, request: FastifyRequest) =>
      spaces.admit(signedIn, (request.params as { id?: unknown }).id, allows, refusal);

  route(app, gate, API.spaces, ({ signedIn }) => spaces.list(signedIn));

  route(app, gate, API.publishSpaceIdentity, ({ signedIn, body, request }) =>
    spaces.publishIdentity(signedIn, body, caller(request)),
  );

  route(app, gate, API.createSpace, ({ signedIn, body }) => spaces.create(signedIn, body));

  route(
    app,
    gate,
    API.deleteSpace,
    ({ signedIn, params, body, request }) =>
      spaces.delete(signedIn, params.id, body, caller(request), request.log),
    { first: member(managesSpace) },
  );

  route(app, gate, API.spaceLog, ({ params, query }) => spaces.log(params.id, query.after), {
    first: member(),
  });

  route(
    app,
    gate,
    API.inviteToSpace,
    ({ signedIn, params, body }) => spaces.invite(signedIn, params.id, body),
    {
      first: member(managesSpace),
    },
  );

  route(
    app,
    gate,
    API.withdrawSpaceInvitation,
    ({ params }) => spaces.withdrawInvitation(params.id, params.invitation),
    { first: member(managesSpace) },
  );

  route(app, gate, API.myInvitations, ({ signedIn }) => spaces.myInvitations(signedIn));

  route(app, gate, API.acceptSpaceInvitation, ({ signedIn, params, body }) =>
    spaces.accept(signedIn, params.invitation, body),
  );

  route(app, gate, API.declineSpaceInvitation, ({ signedIn, params }) =>
    spaces.decline(signedIn, params.invitation),
  );

  route(
    app,
    gate,
    API.completeSpaceMember,
    ({ signedIn, params, body }) => spaces.complete(signedIn, params.id, params.uid, body),
    { first: member(completesMember, 'space/read-only') },
  );

  route(
    app,
    gate,
    API.changeSpaceRole,
    ({ signedIn, params, body }) => spaces.changeRole(signedIn, params.id, params.uid, body),
    { first: member(managesSpace) },
  );

  route(app, gate, API.leaveSpace, ({ signedIn, params, body }) => spaces.leave(signedIn, params.id, body), {
    first: member(leavesSpace, 'space/last-owner'),
  });

  route(
    app,
    gate,
    API.removeSpaceMember,
    ({ signedIn, params, body }) => spaces.remove(signedIn, params.id, params.uid, body),
    { first: member(managesSpace) },
  );

  route(
    app,
    gate,
    API.rotateSpace,
    ({ signedIn, params, body }) => spaces.rotate(signedIn, params.id, body),
    // The owner, or an editor (whether a rotation is due is the log's to say, under the space's lock).
    { first: member(completesMember, 'space/read-only') },
  );

  route(
    app,
    gate,
    API.offerSpaceHandover,
    ({ signedIn, params, body }) => spaces.offerHandover(signedIn, params.id, body),
    { first: member(managesSpace) },
  );

  route(
    app,
    gate,
    API.acceptSpaceHandover,
    ({ signedIn, params, body }) => spaces.acceptHandover(signedIn, params.id, body),
    { first: member() },
  );
}

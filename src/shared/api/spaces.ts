// Shared spaces (issue 47, docs/spaces-plan.md §4): a member's identity for spaces, the spaces they belong to, and
// each space's signed membership log. A caller who is not a member of a space hears `space/not-found` on every route
// that names it, as for an id that does not exist.
import { failures, noContent, type Endpoint } from './endpoint.js';
import {
  createSpaceBody,
  deleteSpaceBody,
  spaceIdentity,
  spaceIdentityBody,
  spaceList,
  spaceLog,
  spaceLogQuery,
  spaceParams,
  spaceSummary,
} from '../schemas/spaces.js';

export const SPACE_API = {
  spaces: {
    route: 'GET /api/spaces',
    summary:
      "The member's spaces (roles, members and their public keys, log heads), identity and invitations",
    tag: 'spaces',
    access: 'member',
    status: 200,
    response: spaceList,
  },
  publishSpaceIdentity: {
    route: 'PUT /api/spaces/identity',
    summary: "Publish the member's identity for spaces, signed by it and by the synced vault's signing key",
    tag: 'spaces',
    access: 'member',
    errors: ['space/unproven', 'space/stale-key', 'space/no-synced-vault', ...failures.proof],
    body: spaceIdentityBody,
    status: 200,
    response: spaceIdentity,
  },
  createSpace: {
    route: 'POST /api/spaces',
    summary: "Create a space from its owner's signed first log entry and the owner's wrap of its key",
    tag: 'spaces',
    access: 'member',
    errors: ['space/no-identity', 'space/unproven', 'space/too-many-spaces', 'storage/quota-exceeded'],
    body: createSpaceBody,
    status: 201,
    response: spaceSummary,
  },
  deleteSpace: {
    route: 'DELETE /api/spaces/:id',
    summary: "Delete a space and all it keeps (its owner's signed `delete` entry)",
    tag: 'spaces',
    access: 'member',
    errors: ['space/not-found', 'space/not-owner', 'space/unproven', ...failures.proof],
    params: spaceParams,
    body: deleteSpaceBody,
    ...noContent,
  },
  spaceLog: {
    route: 'GET /api/spaces/:id/log',
    summary: "A space's membership log after an entry, as its authors signed it",
    tag: 'spaces',
    access: 'member',
    errors: ['space/not-found'],
    params: spaceParams,
    query: spaceLogQuery,
    status: 200,
    response: spaceLog,
  },
} as const satisfies Record<string, Endpoint>;

// The routes of /admin's members section: checked by the API table, answered by the member service.
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/index.js';
import type { AccountGate } from '../accounts/service.js';
import { route } from '../http/route.js';
import type { MemberAdmin } from './service.js';

export function memberRoutes(app: FastifyInstance, deps: { gate: AccountGate; members: MemberAdmin }): void {
  const { gate, members } = deps;

  route(app, gate, API.members, ({ signedIn, query }) => members.list(signedIn, query));

  route(app, gate, API.endMemberSessions, ({ signedIn, params: { id } }) =>
    members.endSessions(signedIn, id),
  );

  route(app, gate, API.disableMember, async ({ signedIn, params: { id } }) => ({
    member: await members.disable(signedIn, id),
  }));

  route(app, gate, API.enableMember, async ({ signedIn, params: { id } }) => ({
    member: await members.enable(signedIn, id),
  }));

  route(app, gate, API.deleteMember, ({ signedIn, params: { id }, query: { email } }) =>
    members.remove(signedIn, id, email),
  );

  route(app, gate, API.adminLog, async ({ signedIn }) => ({ entries: await members.newestLog(signedIn) }));
}

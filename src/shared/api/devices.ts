// A member's signed-in devices (sessions) and their live events.
import { noContent, type Endpoint } from './endpoint.js';
import { deviceSessionList, sessionParams } from '../schemas/auth.js';

export const DEVICE_API = {
  sessions: {
    route: 'GET /api/sessions',
    summary: "The member's signed-in devices",
    tag: 'devices',
    access: 'session',
    status: 200,
    response: deviceSessionList,
  },
  endSession: {
    route: 'DELETE /api/sessions/:id',
    summary: "End another device's session",
    tag: 'devices',
    access: 'session',
    errors: ['session/current', 'session/not-found'],
    params: sessionParams,
    ...noContent,
  },
  approveSession: {
    route: 'POST /api/sessions/:id/approve',
    summary: 'Approve a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    errors: ['session/not-allowed', 'session/not-found'],
    params: sessionParams,
    ...noContent,
  },
  blockSession: {
    route: 'POST /api/sessions/:id/block',
    summary: 'Refuse a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    errors: ['session/not-allowed', 'session/not-found'],
    params: sessionParams,
    ...noContent,
  },
  endOtherSessions: {
    route: 'POST /api/sessions/end-others',
    summary: 'End every other session',
    tag: 'devices',
    access: 'session',
    ...noContent,
  },
  events: {
    route: 'GET /api/events',
    summary: 'Live events for this session (approvals, notices)',
    tag: 'devices',
    access: 'any-session',
    errors: ['session/too-many-streams'],
    status: 200,
    response: null,
    produces: 'text/event-stream',
  },
} as const satisfies Record<string, Endpoint>;

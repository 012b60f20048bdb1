// Members as admins see them in /admin: the list, ending a member's sessions, disabling, enabling and deleting an
// account, and the log of what admins did.
import { type Endpoint } from './endpoint.js';
import {
  adminLog,
  deleteMemberQuery,
  endedSessions,
  memberAnswer,
  memberList,
  memberParams,
  memberQuery,
} from '../schemas/members.js';

const noContent = { status: 204, response: null } as const;

export const MEMBER_API = {
  members: {
    route: 'GET /api/admin/members',
    summary: 'The members, newest first, 50 a page, searched by address',
    tag: 'members',
    access: 'admin',
    query: memberQuery,
    status: 200,
    response: memberList,
  },
  endMemberSessions: {
    route: 'POST /api/admin/members/:id/end-sessions',
    summary: 'Sign the member out on every browser (logged for the admins)',
    tag: 'members',
    access: 'admin',
    params: memberParams,
    errors: ['member/not-found', 'member/self'],
    status: 200,
    response: endedSessions,
  },
  disableMember: {
    route: 'POST /api/admin/members/:id/disable',
    summary: 'Disable the account: it is signed out and cannot sign in; its data is kept (logged)',
    tag: 'members',
    access: 'admin',
    params: memberParams,
    errors: ['member/not-found', 'member/self'],
    status: 200,
    response: memberAnswer,
  },
  enableMember: {
    route: 'POST /api/admin/members/:id/enable',
    summary: 'Let a disabled account sign in again (logged)',
    tag: 'members',
    access: 'admin',
    params: memberParams,
    errors: ['member/not-found', 'member/self'],
    status: 200,
    response: memberAnswer,
  },
  deleteMember: {
    route: 'DELETE /api/admin/members/:id',
    summary: 'Delete the account with everything it keeps; `email` is its address typed again (logged)',
    tag: 'members',
    access: 'admin',
    params: memberParams,
    query: deleteMemberQuery,
    errors: ['member/not-found', 'member/self', 'member/confirm-mismatch'],
    ...noContent,
  },
  adminLog: {
    route: 'GET /api/admin/log',
    summary: 'What admins did to members, invitations and the banner, newest first (the last 50)',
    tag: 'members',
    access: 'admin',
    status: 200,
    response: adminLog,
  },
} as const satisfies Record<string, Endpoint>;

// Notices: the list, and writing them (admins).
import { noContent, type Endpoint } from './endpoint.js';
import { idParams, noticeAnswer, noticeBody, noticeList, noticeListQuery } from '../schemas/files.js';

export const NOTICE_API = {
  notices: {
    route: 'GET /api/notices',
    summary: 'The notices in a language',
    tag: 'notices',
    access: 'public',
    query: noticeListQuery,
    status: 200,
    response: noticeList,
  },
  createNotice: {
    route: 'POST /api/notices',
    summary: 'Publish a notice',
    tag: 'notices',
    access: 'admin',
    body: noticeBody,
    status: 201,
    response: noticeAnswer,
  },
  updateNotice: {
    route: 'PUT /api/notices/:id',
    summary: 'Edit a notice',
    tag: 'notices',
    access: 'admin',
    errors: ['request/not-found'],
    params: idParams,
    body: noticeBody,
    status: 200,
    response: noticeAnswer,
  },
  deleteNotice: {
    route: 'DELETE /api/notices/:id',
    summary: 'Delete a notice',
    tag: 'notices',
    access: 'admin',
    errors: ['request/not-found'],
    params: idParams,
    ...noContent,
  },
} as const satisfies Record<string, Endpoint>;

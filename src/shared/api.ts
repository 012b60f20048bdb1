// The API, route by route: method, path, what it takes and what it answers, as zod schemas. The server
// declares each route from this table (src/server/http/route.ts: the type provider validates the request and
// encodes the answer through these schemas, and the OpenAPI document at /api/openapi.json is made from them);
// the browser calls it through one typed client (src/client/api.ts). A change here shows up in both, checked
// by the compiler, and in docs/openapi.json, checked by a test.
import { ERROR_CODES, type ErrorCode } from './errors.js';
import { z } from './zod.js';
import {
  actionInfo,
  actionInfoBody,
  deviceSessionList,
  loginBody,
  passkeyList,
  passkeyLoginBody,
  passkeyCreationOptions,
  passkeyRequestOptions,
  passkeyReauthBody,
  passkeyRegisterBody,
  passkeyRegisterOptionsBody,
  passkeySummary,
  passwordChangeBody,
  passwordResetBody,
  pushKeyResponse,
  pushRegisterBody,
  pushRegistered,
  pushStatus,
  resendVerificationBody,
  resetPasswordBody,
  resetPasswordResponse,
  sessionActivityBody,
  sessionParams,
  sessionResponse,
  signupBody,
  signupResponse,
  verifyEmailBody,
  verifyEmailResponse,
} from './schemas/auth.js';
import {
  appConfig,
  backupNameParams,
  driveBackupAnswer,
  driveBackupList,
  webdavCredentials,
} from './schemas/drives.js';
import {
  documentAnswer,
  documentList,
  documentUploadQuery,
  fileAnswer,
  fileList,
  fileUploadQuery,
  idParams,
  inquiryAnswer,
  inquiryBody,
  inquiryList,
  noticeAnswer,
  noticeBody,
  noticeList,
  noticeListQuery,
} from './schemas/files.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call a route; the server's guard for it (src/server/accounts/access.ts). */
export type Access =
  /** Anyone. */
  | 'public'
  /** A signed-in browser, even one still waiting for approval on another device. */
  | 'any-session'
  /** A signed-in, approved browser (its e-mail may still be unverified). */
  | 'session'
  /** A signed-in, approved member with a verified e-mail. */
  | 'member'
  /** An administrator. */
  | 'admin';

export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /** The code a caller without the access hears, when not the usual `auth/unauthenticated`. */
  readonly refusal?: ErrorCode;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success status and the answer's shape; null for an answer with no body (204). */
  readonly status: 200 | 201 | 202 | 204;
  readonly response: z.ZodType | null;
  /** Answers that are not JSON: a file's bytes, an event stream. Such a route is called with fetch directly. */
  readonly produces?: string;
  /** Takes its body as raw bytes (an upload), not JSON. */
  readonly consumes?: string;
}

/** Every failure's body: the code (its message in both languages is in the catalog) and an English message. */
export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    /** On a limit: how long to wait before trying again (also the Retry-After header). */
    retryAfterSeconds: z.number().int().optional(),
  }),
});

const noContent = { status: 204, response: null } as const;
const empty = z.object({});

export const API = {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Is the server up',
    tag: 'site',
    access: 'public',
    status: 200,
    response: z.object({ status: z.literal('ok') }),
  },
  appConfig: {
    method: 'GET',
    path: '/api/app/config',
    summary: "The app's run-time settings",
    tag: 'site',
    access: 'public',
    status: 200,
    response: appConfig,
  },

  session: {
    method: 'GET',
    path: '/api/session',
    summary: 'Who this browser is signed in as',
    tag: 'accounts',
    access: 'public',
    status: 200,
    response: sessionResponse,
  },
  sessionActivity: {
    method: 'POST',
    path: '/api/session/activity',
    summary: 'The member is active; their auto-logout minutes',
    tag: 'accounts',
    access: 'any-session',
    body: sessionActivityBody,
    ...noContent,
  },
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Create an account (a verification mail follows)',
    tag: 'accounts',
    access: 'public',
    body: signupBody,
    status: 201,
    response: signupResponse,
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail and password',
    tag: 'accounts',
    access: 'public',
    body: loginBody,
    status: 200,
    response: sessionResponse,
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: "End this browser's session",
    tag: 'accounts',
    access: 'public',
    ...noContent,
  },
  resendVerification: {
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the verification mail again',
    tag: 'accounts',
    access: 'public',
    body: resendVerificationBody,
    status: 202,
    response: empty,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password',
    summary: 'Change the password (current password or a passkey proof)',
    tag: 'accounts',
    access: 'session',
    body: passwordChangeBody,
    ...noContent,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/api/auth/password-reset',
    summary: 'Mail a link to set a new password',
    tag: 'accounts',
    access: 'public',
    body: passwordResetBody,
    status: 202,
    response: empty,
  },
  actionInfo: {
    method: 'POST',
    path: '/api/auth/action/info',
    summary: 'What a mailed link is for (it is not used)',
    tag: 'accounts',
    access: 'public',
    body: actionInfoBody,
    status: 200,
    response: actionInfo,
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: "Use a verification link (with the account's password)",
    tag: 'accounts',
    access: 'public',
    body: verifyEmailBody,
    status: 200,
    response: verifyEmailResponse,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Use a password link',
    tag: 'accounts',
    access: 'public',
    body: resetPasswordBody,
    status: 200,
    response: resetPasswordResponse,
  },
  sessions: {
    method: 'GET',
    path: '/api/sessions',
    summary: "The member's signed-in devices",
    tag: 'devices',
    access: 'session',
    status: 200,
    response: deviceSessionList,
  },
  endSession: {
    method: 'DELETE',
    path: '/api/sessions/:id',
    summary: "End another device's session",
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  approveSession: {
    method: 'POST',
    path: '/api/sessions/:id/approve',
    summary: 'Approve a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  blockSession: {
    method: 'POST',
    path: '/api/sessions/:id/block',
    summary: 'Refuse a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  endOtherSessions: {
    method: 'POST',
    path: '/api/sessions/end-others',
    summary: 'End every other session',
    tag: 'devices',
    access: 'session',
    ...noContent,
  },
  events: {
    method: 'GET',
    path: '/api/events',
    summary: 'Live events for this session (approvals, notices)',
    tag: 'devices',
    access: 'any-session',
    status: 200,
    response: null,
    produces: 'text/event-stream',
  },

  passkeyRegisterOptions: {
    method: 'POST',
    path: '/api/passkeys/register/options',
    summary: 'Start registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterOptionsBody,
    status: 200,
    response: passkeyCreationOptions,
  },
  passkeyRegister: {
    method: 'POST',
    path: '/api/passkeys/register/verify',
    summary: 'Finish registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterBody,
    status: 201,
    response: z.object({ passkey: passkeySummary }),
  },
  passkeys: {
    method: 'GET',
    path: '/api/passkeys',
    summary: "The member's passkeys",
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyList,
  },
  deletePasskey: {
    method: 'DELETE',
    path: '/api/passkeys/:id',
    summary: 'Remove a passkey',
    tag: 'passkeys',
    access: 'member',
    params: idParams,
    ...noContent,
  },
  passkeyLoginOptions: {
    method: 'POST',
    path: '/api/passkeys/login/options',
    summary: 'Start signing in with a passkey',
    tag: 'passkeys',
    access: 'public',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyLogin: {
    method: 'POST',
    path: '/api/passkeys/login/verify',
    summary: 'Sign in with a passkey',
    tag: 'passkeys',
    access: 'public',
    body: passkeyLoginBody,
    status: 200,
    response: sessionResponse,
  },
  passkeyReauthOptions: {
    method: 'POST',
    path: '/api/passkeys/reauth/options',
    summary: 'Start proving it is the member (a passkey instead of the password)',
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyReauth: {
    method: 'POST',
    path: '/api/passkeys/reauth/verify',
    summary: 'Prove it is the member with a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyReauthBody,
    ...noContent,
  },

  pushKey: {
    method: 'GET',
    path: '/api/push/key',
    summary: "The server's Web Push public key",
    tag: 'push',
    access: 'public',
    status: 200,
    response: pushKeyResponse,
  },
  pushStatus: {
    method: 'GET',
    path: '/api/push/subscription',
    summary: "This device's login notifications",
    tag: 'push',
    access: 'member',
    status: 200,
    response: pushStatus,
  },
  pushRegister: {
    method: 'PUT',
    path: '/api/push/subscription',
    summary: 'Turn on login notifications on this device',
    tag: 'push',
    access: 'member',
    body: pushRegisterBody,
    status: 201,
    response: pushRegistered,
  },
  pushUnregister: {
    method: 'DELETE',
    path: '/api/push/subscription',
    summary: 'Turn off login notifications on this device',
    tag: 'push',
    access: 'member',
    ...noContent,
  },

  notices: {
    method: 'GET',
    path: '/api/notices',
    summary: 'The notices in a language',
    tag: 'notices',
    access: 'public',
    query: noticeListQuery,
    status: 200,
    response: noticeList,
  },
  createNotice: {
    method: 'POST',
    path: '/api/notices',
    summary: 'Publish a notice',
    tag: 'notices',
    access: 'admin',
    body: noticeBody,
    status: 201,
    response: noticeAnswer,
  },
  updateNotice: {
    method: 'PUT',
    path: '/api/notices/:id',
    summary: 'Edit a notice',
    tag: 'notices',
    access: 'admin',
    params: idParams,
    body: noticeBody,
    status: 200,
    response: noticeAnswer,
  },
  deleteNotice: {
    method: 'DELETE',
    path: '/api/notices/:id',
    summary: 'Delete a notice',
    tag: 'notices',
    access: 'admin',
    params: idParams,
    ...noContent,
  },

  files: {
    method: 'GET',
    path: '/api/files',
    summary: 'The published program files',
    tag: 'files',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: fileList,
  },
  uploadFile: {
    method: 'PUT',
    path: '/api/files',
    summary: 'Publish a program file (the body is its bytes)',
    tag: 'files',
    access: 'admin',
    query: fileUploadQuery,
    status: 201,
    response: fileAnswer,
    consumes: 'application/octet-stream',
  },
  downloadFile: {
    method: 'GET',
    path: '/api/files/:id/download',
    summary: "A published file's bytes",
    tag: 'files',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: idParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  deleteFile: {
    method: 'DELETE',
    path: '/api/files/:id',
    summary: 'Remove a published file',
    tag: 'files',
    access: 'admin',
    params: idParams,
    ...noContent,
  },

  documents: {
    method: 'GET',
    path: '/api/documents',
    summary: "The member's documents and quota",
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: documentList,
  },
  uploadDocument: {
    method: 'PUT',
    path: '/api/documents',
    summary: 'Store a document (the body is its bytes)',
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    query: documentUploadQuery,
    status: 201,
    response: documentAnswer,
    consumes: 'application/octet-stream',
  },
  downloadDocument: {
    method: 'GET',
    path: '/api/documents/:id/download',
    summary: "A document's bytes",
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: idParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/documents/:id',
    summary: 'Delete a document',
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: idParams,
    ...noContent,
  },

  sendInquiry: {
    method: 'POST',
    path: '/api/inquiries',
    summary: 'Send an inquiry to support',
    tag: 'support',
    access: 'member',
    body: inquiryBody,
    status: 201,
    response: inquiryAnswer,
  },
  inquiries: {
    method: 'GET',
    path: '/api/inquiries',
    summary: 'The inquiries received',
    tag: 'support',
    access: 'admin',
    status: 200,
    response: inquiryList,
  },

  webdavList: {
    method: 'POST',
    path: '/api/drives/webdav/list',
    summary: "The backups in the member's WebDAV folder",
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    body: webdavCredentials,
    status: 200,
    response: driveBackupList,
  },
  webdavUpload: {
    method: 'PUT',
    path: '/api/drives/webdav/backups/:name',
    summary: 'Put a backup on the WebDAV drive (the body is the backup)',
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: backupNameParams,
    status: 201,
    response: driveBackupAnswer,
    consumes: 'application/octet-stream',
  },
  webdavDownload: {
    method: 'POST',
    path: '/api/drives/webdav/backups/:name/download',
    summary: 'Fetch a backup from the WebDAV drive',
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: backupNameParams,
    body: webdavCredentials,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
} as const satisfies Record<string, Endpoint>;

export type Api = typeof API;
export type EndpointName = keyof Api;

type Infer<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller sends: the path's parameters, the query and the body, each where the route has one. */
export type Input<E extends Endpoint> = ('params' extends keyof E
  ? { params: Infer<E['params']> }
  : unknown) &
  ('query' extends keyof E ? { query: Infer<E['query']> } : unknown) &
  ('body' extends keyof E ? { body: Infer<E['body']> } : unknown);
/** What a route answers on success. */
export type Output<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

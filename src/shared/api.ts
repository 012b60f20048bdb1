// The API, route by route: method, path, what it takes and what it answers, as zod schemas. The server
// declares each route from this table (src/server/http/route.ts: the type provider validates the request and
// encodes the answer through these schemas, and the OpenAPI document at /api/openapi.json is made from them);
// the browser calls it through one typed client (src/client/api.ts). A change here shows up in both, checked
// by the compiler, and in docs/openapi.json, checked by a test.
import { ERROR_CODES, type ErrorCode } from './errors.js';
import { ROUTES, type Method } from './api-routes.js';
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
import {
  syncChanges,
  syncChangesQuery,
  syncChunkKeysAnswer,
  syncChunkKeysBody,
  syncChunkParams,
  syncDevice,
  syncDeviceBody,
  syncEraseBody,
  syncDeviceParams,
  syncPushAnswer,
  syncPushBody,
  syncRenameBody,
  syncSnapshotInfo,
  syncSnapshotParams,
  syncSnapshotQuery,
  syncState,
  syncVault,
  syncVaultBody,
} from './schemas/sync.js';

/** An update mail's opt-out token, in the link's query or in the body. */
const unsubscribeToken = z.object({
  token: z
    .string({ error: 'auth/invalid-action-code' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: 'auth/invalid-action-code' })
    .optional(),
});

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
  /** Method and path, from ROUTES. */
  readonly route: `${Method} /api/${string}`;
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
    route: ROUTES.health,
    summary: 'Is the server up',
    tag: 'site',
    access: 'public',
    status: 200,
    response: z.object({ status: z.literal('ok') }),
  },
  appConfig: {
    route: ROUTES.appConfig,
    summary: "The app's run-time settings",
    tag: 'site',
    access: 'public',
    status: 200,
    response: appConfig,
  },

  session: {
    route: ROUTES.session,
    summary: 'Who this browser is signed in as',
    tag: 'accounts',
    access: 'public',
    status: 200,
    response: sessionResponse,
  },
  sessionActivity: {
    route: ROUTES.sessionActivity,
    summary: 'The member is active; their auto-logout minutes',
    tag: 'accounts',
    access: 'any-session',
    body: sessionActivityBody,
    ...noContent,
  },
  signup: {
    route: ROUTES.signup,
    summary: 'Create an account (a verification mail follows)',
    tag: 'accounts',
    access: 'public',
    body: signupBody,
    status: 201,
    response: signupResponse,
  },
  login: {
    route: ROUTES.login,
    summary: 'Sign in with e-mail and password',
    tag: 'accounts',
    access: 'public',
    body: loginBody,
    status: 200,
    response: sessionResponse,
  },
  logout: {
    route: ROUTES.logout,
    summary: "End this browser's session",
    tag: 'accounts',
    access: 'public',
    ...noContent,
  },
  resendVerification: {
    route: ROUTES.resendVerification,
    summary: 'Send the verification mail again',
    tag: 'accounts',
    access: 'public',
    body: resendVerificationBody,
    status: 202,
    response: empty,
  },
  changePassword: {
    route: ROUTES.changePassword,
    summary: 'Change the password (current password or a passkey proof)',
    tag: 'accounts',
    access: 'session',
    body: passwordChangeBody,
    ...noContent,
  },
  requestPasswordReset: {
    route: ROUTES.requestPasswordReset,
    summary: 'Mail a link to set a new password',
    tag: 'accounts',
    access: 'public',
    body: passwordResetBody,
    status: 202,
    response: empty,
  },
  actionInfo: {
    route: ROUTES.actionInfo,
    summary: 'What a mailed link is for (it is not used)',
    tag: 'accounts',
    access: 'public',
    body: actionInfoBody,
    status: 200,
    response: actionInfo,
  },
  verifyEmail: {
    route: ROUTES.verifyEmail,
    summary: "Use a verification link (with the account's password)",
    tag: 'accounts',
    access: 'public',
    body: verifyEmailBody,
    status: 200,
    response: verifyEmailResponse,
  },
  resetPassword: {
    route: ROUTES.resetPassword,
    summary: 'Use a password link',
    tag: 'accounts',
    access: 'public',
    body: resetPasswordBody,
    status: 200,
    response: resetPasswordResponse,
  },
  sessions: {
    route: ROUTES.sessions,
    summary: "The member's signed-in devices",
    tag: 'devices',
    access: 'session',
    status: 200,
    response: deviceSessionList,
  },
  endSession: {
    route: ROUTES.endSession,
    summary: "End another device's session",
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  approveSession: {
    route: ROUTES.approveSession,
    summary: 'Approve a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  blockSession: {
    route: ROUTES.blockSession,
    summary: 'Refuse a sign-in waiting on a new device',
    tag: 'devices',
    access: 'session',
    params: sessionParams,
    ...noContent,
  },
  endOtherSessions: {
    route: ROUTES.endOtherSessions,
    summary: 'End every other session',
    tag: 'devices',
    access: 'session',
    ...noContent,
  },
  events: {
    route: ROUTES.events,
    summary: 'Live events for this session (approvals, notices)',
    tag: 'devices',
    access: 'any-session',
    status: 200,
    response: null,
    produces: 'text/event-stream',
  },

  passkeyRegisterOptions: {
    route: ROUTES.passkeyRegisterOptions,
    summary: 'Start registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterOptionsBody,
    status: 200,
    response: passkeyCreationOptions,
  },
  passkeyRegister: {
    route: ROUTES.passkeyRegister,
    summary: 'Finish registering a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyRegisterBody,
    status: 201,
    response: z.object({ passkey: passkeySummary }),
  },
  passkeys: {
    route: ROUTES.passkeys,
    summary: "The member's passkeys",
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyList,
  },
  deletePasskey: {
    route: ROUTES.deletePasskey,
    summary: 'Remove a passkey',
    tag: 'passkeys',
    access: 'member',
    params: idParams,
    ...noContent,
  },
  passkeyLoginOptions: {
    route: ROUTES.passkeyLoginOptions,
    summary: 'Start signing in with a passkey',
    tag: 'passkeys',
    access: 'public',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyLogin: {
    route: ROUTES.passkeyLogin,
    summary: 'Sign in with a passkey',
    tag: 'passkeys',
    access: 'public',
    body: passkeyLoginBody,
    status: 200,
    response: sessionResponse,
  },
  passkeyReauthOptions: {
    route: ROUTES.passkeyReauthOptions,
    summary: 'Start proving it is the member (a passkey instead of the password)',
    tag: 'passkeys',
    access: 'member',
    status: 200,
    response: passkeyRequestOptions,
  },
  passkeyReauth: {
    route: ROUTES.passkeyReauth,
    summary: 'Prove it is the member with a passkey',
    tag: 'passkeys',
    access: 'member',
    body: passkeyReauthBody,
    ...noContent,
  },

  pushKey: {
    route: ROUTES.pushKey,
    summary: "The server's Web Push public key",
    tag: 'push',
    access: 'public',
    status: 200,
    response: pushKeyResponse,
  },
  pushStatus: {
    route: ROUTES.pushStatus,
    summary: "This device's login notifications",
    tag: 'push',
    access: 'member',
    status: 200,
    response: pushStatus,
  },
  pushRegister: {
    route: ROUTES.pushRegister,
    summary: 'Turn on login notifications on this device',
    tag: 'push',
    access: 'member',
    body: pushRegisterBody,
    status: 201,
    response: pushRegistered,
  },
  pushUnregister: {
    route: ROUTES.pushUnregister,
    summary: 'Turn off login notifications on this device',
    tag: 'push',
    access: 'member',
    ...noContent,
  },

  notices: {
    route: ROUTES.notices,
    summary: 'The notices in a language',
    tag: 'notices',
    access: 'public',
    query: noticeListQuery,
    status: 200,
    response: noticeList,
  },
  createNotice: {
    route: ROUTES.createNotice,
    summary: 'Publish a notice',
    tag: 'notices',
    access: 'admin',
    body: noticeBody,
    status: 201,
    response: noticeAnswer,
  },
  updateNotice: {
    route: ROUTES.updateNotice,
    summary: 'Edit a notice',
    tag: 'notices',
    access: 'admin',
    params: idParams,
    body: noticeBody,
    status: 200,
    response: noticeAnswer,
  },
  deleteNotice: {
    route: ROUTES.deleteNotice,
    summary: 'Delete a notice',
    tag: 'notices',
    access: 'admin',
    params: idParams,
    ...noContent,
  },

  files: {
    route: ROUTES.files,
    summary: 'The published program files',
    tag: 'files',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: fileList,
  },
  uploadFile: {
    route: ROUTES.uploadFile,
    summary: 'Publish a program file (the body is its bytes)',
    tag: 'files',
    access: 'admin',
    query: fileUploadQuery,
    status: 201,
    response: fileAnswer,
    consumes: 'application/octet-stream',
  },
  downloadFile: {
    route: ROUTES.downloadFile,
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
    route: ROUTES.deleteFile,
    summary: 'Remove a published file',
    tag: 'files',
    access: 'admin',
    params: idParams,
    ...noContent,
  },

  documents: {
    route: ROUTES.documents,
    summary: "The member's documents and quota",
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    status: 200,
    response: documentList,
  },
  uploadDocument: {
    route: ROUTES.uploadDocument,
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
    route: ROUTES.downloadDocument,
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
    route: ROUTES.deleteDocument,
    summary: 'Delete a document',
    tag: 'documents',
    access: 'member',
    refusal: 'storage/unauthenticated',
    params: idParams,
    ...noContent,
  },

  syncState: {
    route: ROUTES.syncState,
    summary: "The member's synced vault: its header, devices, newest change, snapshot and quota",
    tag: 'sync',
    access: 'member',
    status: 200,
    response: syncState,
  },
  syncPublishVault: {
    route: ROUTES.syncPublishVault,
    summary:
      'Start syncing this vault, or replace its header (the data key wrapped by a new master password)',
    tag: 'sync',
    access: 'member',
    body: syncVaultBody,
    status: 200,
    response: syncVault,
  },
  syncDeleteVault: {
    route: ROUTES.syncDeleteVault,
    summary:
      'Erase everything synced (each device keeps its own vault); the current password unless proven moments ago',
    tag: 'sync',
    access: 'member',
    body: syncEraseBody,
    ...noContent,
  },
  syncRegisterDevice: {
    route: ROUTES.syncRegisterDevice,
    summary: 'Add this browser to the devices holding the vault, or rename it',
    tag: 'sync',
    access: 'member',
    params: syncDeviceParams,
    body: syncDeviceBody,
    status: 200,
    response: syncDevice,
  },
  syncRemoveDevice: {
    route: ROUTES.syncRemoveDevice,
    summary: 'Remove a device from sync (its changes already sent stay)',
    tag: 'sync',
    access: 'member',
    params: syncDeviceParams,
    ...noContent,
  },
  syncRenameDevice: {
    route: ROUTES.syncRenameDevice,
    summary: "Rename one of the member's devices (from any of the member's sessions)",
    tag: 'sync',
    access: 'member',
    params: syncDeviceParams,
    body: syncRenameBody,
    status: 200,
    response: syncDevice,
  },
  syncPush: {
    route: ROUTES.syncPush,
    summary: "Send a device's next changes, in its order (a retry of stored ones stores nothing twice)",
    tag: 'sync',
    access: 'member',
    body: syncPushBody,
    status: 200,
    response: syncPushAnswer,
  },
  syncChanges: {
    route: ROUTES.syncChanges,
    summary: 'The changes after a number, a page at a time (or the snapshot to read first)',
    tag: 'sync',
    access: 'member',
    query: syncChangesQuery,
    status: 200,
    response: syncChanges,
  },
  syncUploadSnapshot: {
    route: ROUTES.syncUploadSnapshot,
    summary: 'Store a snapshot of the vault covering the changes through `covers`, which are then deleted',
    tag: 'sync',
    access: 'member',
    query: syncSnapshotQuery,
    status: 201,
    response: syncSnapshotInfo,
    consumes: 'application/octet-stream',
  },
  syncSnapshot: {
    route: ROUTES.syncSnapshot,
    summary: "A snapshot's bytes",
    tag: 'sync',
    access: 'member',
    params: syncSnapshotParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  syncUploadChunk: {
    route: ROUTES.syncUploadChunk,
    summary: "Store one of a document's sealed chunks (kept once per key)",
    tag: 'sync',
    access: 'member',
    params: syncChunkParams,
    ...noContent,
    consumes: 'application/octet-stream',
  },
  syncChunk: {
    route: ROUTES.syncChunk,
    summary: "A document's sealed chunk",
    tag: 'sync',
    access: 'member',
    params: syncChunkParams,
    status: 200,
    response: null,
    produces: 'application/octet-stream',
  },
  syncHeldChunks: {
    route: ROUTES.syncHeldChunks,
    summary: 'Which of these chunks the server holds (an upload resumes with the others)',
    tag: 'sync',
    access: 'member',
    body: syncChunkKeysBody,
    status: 200,
    response: syncChunkKeysAnswer,
  },
  syncForgetChunks: {
    route: ROUTES.syncForgetChunks,
    summary: "Delete chunks of a deleted document's",
    tag: 'sync',
    access: 'member',
    body: syncChunkKeysBody,
    ...noContent,
  },

  unsubscribe: {
    route: ROUTES.unsubscribe,
    summary: 'Stop update e-mails (the link in each one; a mail program may POST it as a form, RFC 8058)',
    tag: 'support',
    access: 'public',
    query: unsubscribeToken,
    body: unsubscribeToken,
    status: 200,
    response: z.object({ unsubscribed: z.literal(true) }),
  },
  sendInquiry: {
    route: ROUTES.sendInquiry,
    summary: 'Send an inquiry to support',
    tag: 'support',
    access: 'member',
    body: inquiryBody,
    status: 201,
    response: inquiryAnswer,
  },
  inquiries: {
    route: ROUTES.inquiries,
    summary: 'The inquiries received',
    tag: 'support',
    access: 'admin',
    status: 200,
    response: inquiryList,
  },

  webdavList: {
    route: ROUTES.webdavList,
    summary: "The backups in the member's WebDAV folder",
    tag: 'drives',
    access: 'member',
    refusal: 'storage/unauthenticated',
    body: webdavCredentials,
    status: 200,
    response: driveBackupList,
  },
  webdavUpload: {
    route: ROUTES.webdavUpload,
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
    route: ROUTES.webdavDownload,
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
} as const satisfies { [N in keyof typeof ROUTES]: Endpoint & { route: (typeof ROUTES)[N] } };

export type Api = typeof API;
export type EndpointName = keyof Api;

type Infer<S> = S extends z.ZodType ? z.input<S> : never;
/** What a caller sends: the path's parameters, the query and the body, each where the route has one. */
export type Input<E extends Endpoint> = Part<E, 'params'> & Part<E, 'query'> & Part<E, 'body'>;
/** A part the route takes; optional when everything in it is. */
type Part<E extends Endpoint, K extends 'params' | 'query' | 'body'> = K extends keyof E
  ? object extends Infer<E[K]>
    ? { [P in K]?: Infer<E[K]> }
    : { [P in K]: Infer<E[K]> }
  : unknown;
/** What a route answers on success. */
export type Output<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;

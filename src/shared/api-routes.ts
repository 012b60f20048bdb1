// The API's routes by name: method and path, nothing else, so the browser's client carries only this table
// (the schemas of each route are in src/shared/api.ts, which the client uses for its types alone).
export const ROUTES = {
  health: 'GET /api/health',
  appConfig: 'GET /api/app/config',
  session: 'GET /api/session',
  sessionActivity: 'POST /api/session/activity',
  signup: 'POST /api/auth/signup',
  login: 'POST /api/auth/login',
  logout: 'POST /api/auth/logout',
  resendVerification: 'POST /api/auth/resend-verification',
  changePassword: 'POST /api/auth/password',
  requestPasswordReset: 'POST /api/auth/password-reset',
  actionInfo: 'POST /api/auth/action/info',
  verifyEmail: 'POST /api/auth/verify-email',
  resetPassword: 'POST /api/auth/reset-password',
  sessions: 'GET /api/sessions',
  endSession: 'DELETE /api/sessions/:id',
  approveSession: 'POST /api/sessions/:id/approve',
  blockSession: 'POST /api/sessions/:id/block',
  endOtherSessions: 'POST /api/sessions/end-others',
  events: 'GET /api/events',
  passkeyRegisterOptions: 'POST /api/passkeys/register/options',
  passkeyRegister: 'POST /api/passkeys/register/verify',
  passkeys: 'GET /api/passkeys',
  deletePasskey: 'DELETE /api/passkeys/:id',
  passkeyLoginOptions: 'POST /api/passkeys/login/options',
  passkeyLogin: 'POST /api/passkeys/login/verify',
  passkeyReauthOptions: 'POST /api/passkeys/reauth/options',
  passkeyReauth: 'POST /api/passkeys/reauth/verify',
  pushKey: 'GET /api/push/key',
  pushStatus: 'GET /api/push/subscription',
  pushRegister: 'PUT /api/push/subscription',
  pushUnregister: 'DELETE /api/push/subscription',
  notices: 'GET /api/notices',
  createNotice: 'POST /api/notices',
  updateNotice: 'PUT /api/notices/:id',
  deleteNotice: 'DELETE /api/notices/:id',
  files: 'GET /api/files',
  uploadFile: 'PUT /api/files',
  downloadFile: 'GET /api/files/:id/download',
  deleteFile: 'DELETE /api/files/:id',
  documents: 'GET /api/documents',
  uploadDocument: 'PUT /api/documents',
  downloadDocument: 'GET /api/documents/:id/download',
  deleteDocument: 'DELETE /api/documents/:id',
  unsubscribe: 'POST /api/mail/unsubscribe',
  sendInquiry: 'POST /api/inquiries',
  inquiries: 'GET /api/inquiries',
  webdavList: 'POST /api/drives/webdav/list',
  webdavUpload: 'PUT /api/drives/webdav/backups/:name',
  webdavDownload: 'POST /api/drives/webdav/backups/:name/download',
} as const;

export type RouteName = keyof typeof ROUTES;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route's method and path. */
export function methodAndPath(name: RouteName): { method: Method; path: string } {
  const [method, path] = ROUTES[name].split(' ') as [Method, string];
  return { method, path };
}

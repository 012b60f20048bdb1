// The API's error codes. Auth codes keep the description's names (§8) so its catalogue applies unchanged;
// each has an HTTP status here and its message in both languages (errorMessage, src/shared/i18n/error-message.ts):
// the API answers with the English one for callers that do not localize.

export const ERROR_CODES = {
  'auth/email-already-in-use': 409,
  'auth/weak-password': 400,
  'auth/password-too-long': 400,
  'auth/invalid-email': 400,
  'auth/invalid-login-credentials': 401,
  'auth/email-not-verified': 403,
  'auth/too-many-requests': 429,
  'auth/unauthenticated': 401,
  'auth/invalid-action-code': 400,
  'auth/expired-action-code': 400,
  'auth/forbidden': 403,
  'auth/wrong-password': 403,
  'auth/reauth-required': 403,
  'auth/common-password': 400,
  'auth/reset-password-mismatch': 400,
  'auth/signups-closed': 403,
  'auth/signup-domain': 403,
  'auth/account-disabled': 403,
  'invitation/not-found': 404,
  'member/not-found': 404,
  'member/self': 400,
  'member/confirm-mismatch': 400,
  'banner/invalid-version': 400,
  'banner/invalid-title': 400,
  'banner/invalid-body': 400,
  'banner/changed': 409,
  'storage/unauthenticated': 401,
  'storage/unauthorized': 403,
  'storage/object-not-found': 404,
  'storage/quota-exceeded': 402,
  'storage/too-large': 413,
  'storage/invalid-type': 400,
  'storage/invalid-name': 400,
  'storage/empty-file': 400,
  'storage/upload-aborted': 400,
  'storage/unavailable': 503,
  'session/not-found': 404,
  'session/current': 400,
  'session/not-allowed': 403,
  'session/device-mismatch': 400,
  'session/pending': 403,
  'session/too-many-streams': 429,
  'session/wrong-code': 400,
  'session/code-spent': 403,
  'session/confirm-on-device': 409,
  'sync/no-vault': 404,
  'sync/other-vault': 409,
  'sync/unknown-device': 404,
  'sync/out-of-order': 409,
  'sync/stale-snapshot': 409,
  'sync/device-removed': 409,
  'sync/not-your-device': 403,
  'sync/too-many-devices': 409,
  'sync/unproven': 403,
  'sync/stale-header': 409,
  'sync/busy': 429,
  'push/invalid-subscription': 400,
  'reminder/not-found': 404,
  'reminder/unknown-endpoint': 404,
  'reminder/invalid-time': 400,
  'reminder/invalid-message': 400,
  'reminder/too-many': 409,
  'reminder/too-large': 413,
  'reminder/too-many-endpoints': 409,
  'space/not-found': 404,
  'space/read-only': 403,
  'space/not-owner': 403,
  'space/unproven': 403,
  'space/full': 409,
  'space/too-many-spaces': 409,
  'space/invitation-not-found': 404,
  'space/stale-epoch': 409,
  'space/stale-key': 409,
  'space/no-identity': 409,
  'space/no-synced-vault': 409,
  'space/last-owner': 409,
  'space/rotation-busy': 409,
  'passkey/invalid-response': 400,
  'passkey/challenge-expired': 400,
  'passkey/verification-failed': 400,
  'passkey/counter-rejected': 400,
  'passkey/not-found': 404,
  'passkey/already-registered': 409,
  'passkey/unlock-ended': 409,
  'drive/invalid-address': 400,
  'drive/address-not-allowed': 400,
  'drive/unauthorized': 422,
  'drive/not-found': 404,
  'drive/quota-exceeded': 507,
  'drive/unreachable': 502,
  'drive/bad-response': 502,
  'request/invalid': 400,
  'request/malformed-json': 400,
  'request/too-large': 400,
  'request/invalid-characters': 400,
  'request/unsupported-media-type': 415,
  'request/forbidden-origin': 403,
  'request/not-found': 404,
  'server/unavailable': 503,
  'server/internal': 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The code a failure carries (an ApiFailure's, an ApiError's, a feature's own failure), if it carries one. */
export function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The features only the app calls (sync, reminders, backups to a drive, spaces): no request of the site's pages is
 * answered with their codes, so their messages live apart from the shared catalog the pages load
 * (src/shared/i18n/app-errors).
 */
const APP_FEATURES = ['sync', 'reminder', 'drive', 'space'] as const;

export type AppErrorCode = Extract<ErrorCode, `${(typeof APP_FEATURES)[number]}/${string}`>;

/** The codes the site's pages can meet (and the app too): their messages are in the shared catalog. */
export type SiteErrorCode = Exclude<ErrorCode, AppErrorCode>;

export function isAppErrorCode(value: string): value is AppErrorCode {
  return (
    isErrorCode(value) && (APP_FEATURES as readonly string[]).includes(value.slice(0, value.indexOf('/')))
  );
}

export interface ApiErrorBody {
  /**
   * `retryAfterSeconds`: on a limit, how long to wait before trying again (also the Retry-After header).
   * `expectedOrigin`: on request/forbidden-origin, the origin the site is set to (PUBLIC_URL's).
   */
  error: { code: ErrorCode; message: string; retryAfterSeconds?: number; expectedOrigin?: string };
}

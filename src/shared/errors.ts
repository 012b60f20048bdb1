// The API's error codes. Auth codes keep the description's names (§8) so its catalogue applies unchanged;
// each has an HTTP status and an English message for callers that do not localize.

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

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  'auth/email-already-in-use':
    'Email is already registered. To change the password of an existing account, please enter your master key.',
  'auth/weak-password': 'Password is too weak. Please use a stronger password.',
  'auth/password-too-long': 'Password is too long.',
  'auth/invalid-email': 'Invalid email format.',
  'auth/invalid-login-credentials':
    'Current password is incorrect. Please enter the correct current password.',
  'auth/email-not-verified': 'Email verification is required. Please check your inbox and verify your email.',
  'auth/too-many-requests': 'Too many attempts. Please try again later.',
  'auth/unauthenticated': 'Please sign in first.',
  'auth/invalid-action-code': 'This link is invalid or has already been used.',
  'auth/expired-action-code': 'This link has expired. Please request a new one.',
  'auth/forbidden': 'Only admins can do this.',
  'storage/unauthenticated': 'Please sign in to use files.',
  'storage/unauthorized': 'You do not have permission to use this file.',
  'storage/object-not-found': 'The file does not exist.',
  'storage/quota-exceeded': 'Your storage is full. Delete some files and try again.',
  'storage/too-large': 'The file is larger than allowed.',
  'storage/invalid-type': 'This type of file cannot be uploaded.',
  'storage/invalid-name': 'The file name is not allowed.',
  'storage/empty-file': 'The file is empty.',
  'storage/upload-aborted': 'The upload was interrupted. Please try again.',
  'storage/unavailable': 'File storage is temporarily unavailable. Please try again.',
  'drive/invalid-address': 'The drive address must be an https:// address.',
  'drive/address-not-allowed': 'That drive address points to a private network and cannot be used.',
  'drive/unauthorized': 'The drive refused the user name or app password.',
  'drive/not-found': 'The drive has no such folder or backup.',
  'drive/quota-exceeded': 'The drive is full.',
  'drive/unreachable': 'The drive could not be reached or dropped the connection.',
  'drive/bad-response': 'The drive gave an answer that is not WebDAV.',
  'request/invalid': 'The request is not valid.',
  'request/malformed-json': 'The request body is not valid JSON.',
  'request/too-large': 'The request body is too large.',
  'request/invalid-characters': 'The request contains characters that are not allowed.',
  'request/unsupported-media-type': 'The request must be sent as JSON.',
  'request/forbidden-origin': 'The request did not come from this site.',
  'request/not-found': 'Not found.',
  'server/unavailable': 'The service is temporarily unavailable. Please try again.',
  'server/internal': 'An unknown error occurred',
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

// The services' one way to act on a policy's answer.
import type { ErrorCode } from '../../shared/errors.js';
import { ApiError } from '../http/errors.js';

/** Goes on when the policy allows it; else refuses with `code` (for a member's own rows: "not found"). */
export function authorize(allowed: boolean, code: ErrorCode): void {
  if (!allowed) throw new ApiError(code);
}

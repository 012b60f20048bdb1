// The auth dialog's rules (description §5), shown inline while typing and again on submit.
import { PASSWORD_MIN_LENGTH } from '../../shared/constants.js';
import { isValidEmail } from '../../shared/email.js';

/** `forgot`: only the e-mail, for a link to set a new password. */
export type AuthMode = 'login' | 'register' | 'forgot';

export interface AuthFields {
  email: string;
  password: string;
  confirm: string;
}

/** Catalog keys of the problems, per field. */
export interface AuthProblems {
  email?: string;
  password?: string;
  confirm?: string;
}

const SCRIPT_LIKE = /<|>|javascript:|on\w+\s*=/i;

export function validateAuth(mode: AuthMode, fields: AuthFields): AuthProblems {
  const problems: AuthProblems = {};
  const email = fields.email.trim();
  if (!email) problems.email = 'auth.validation.emailRequired';
  else if (SCRIPT_LIKE.test(email)) problems.email = 'auth.validation.invalidInput';
  else if (!isValidEmail(email)) problems.email = 'auth.validation.emailInvalid';

  if (mode === 'forgot') return problems;
  if (!fields.password) problems.password = 'auth.validation.passwordRequired';
  else if (mode === 'register' && fields.password.length < PASSWORD_MIN_LENGTH) {
    problems.password = 'auth.validation.passwordShort';
  }

  if (mode === 'register') {
    if (!fields.confirm) problems.confirm = 'auth.validation.confirmRequired';
    else if (fields.confirm !== fields.password) problems.confirm = 'auth.validation.passwordMismatch';
  }
  return problems;
}

export function hasProblems(problems: AuthProblems): boolean {
  return Object.values(problems).some(Boolean);
}

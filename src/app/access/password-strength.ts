// How strong a master password looks: at least 8 characters is required; 16 or more mixing letters, digits and
// symbols is what the description recommends.
import { MASTER_PASSWORD_RECOMMENDED_LENGTH } from '../../shared/constants.js';
import { MASTER_PASSWORD_MIN_LENGTH } from '../vault/vault.js';

export type Strength = 'too-short' | 'weak' | 'fair' | 'good' | 'strong';

export function characterClasses(password: string): number {
  return [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}\s]/u].filter((pattern) => pattern.test(password)).length;
}

export function passwordStrength(password: string): Strength {
  const length = [...password].length;
  if (length < MASTER_PASSWORD_MIN_LENGTH) return 'too-short';
  const classes = characterClasses(password);
  if (length >= MASTER_PASSWORD_RECOMMENDED_LENGTH && classes === 3) return 'strong';
  if (length >= 12 && classes >= 2) return 'good';
  if (classes >= 2 || length >= 12) return 'fair';
  return 'weak';
}

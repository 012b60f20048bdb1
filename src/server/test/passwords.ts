// Password hashing for the tests of the server's rules: argon2id as the server's, at the least cost argon2 allows,
// so a test that signs members up and in a hundred times spends milliseconds, not seconds, on it. The server itself
// always hashes at full cost (accounts/passwords.ts); the timing test and the browser journeys run with that.
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../accounts/passwords.js';

const LEAST_COST = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

let decoy: Promise<string> | undefined;

export const testCostHashing: PasswordHashing = {
  hash: (password) => hash(password, LEAST_COST),
  verify: (passwordHash, password) => verify(passwordHash, password).catch(() => false),
  decoy() {
    decoy ??= hash('decoy password that is never used to sign in', LEAST_COST);
    return decoy;
  },
};

import crypto from 'node:crypto';

/** A new row's id: a random UUID (v4), the same on SQLite and PostgreSQL. */
export function newId(): string {
  return crypto.randomUUID();
}

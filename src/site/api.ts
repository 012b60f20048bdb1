// Moved to src/client/api.ts; this re-export goes once every caller uses `call` from there.
export * from '../client/api.js';
export { request as api } from '../client/api.js';

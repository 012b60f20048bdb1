// How a feature's store is made: its queries, written once as functions taking where they run first, bound to the
// database in app.ts and handed to the feature's service (as Immich's services see their repositories). The same
// queries run inside a transaction the service holds with `on(trx)`, or in one of their own with `transaction`.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Where a query runs: the database, one of its connections, or a transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** A transaction a service holds (a member's lock, a commit that must include several features' writes). */
export type Trx = Transaction<Database>;

type Query = (db: Executor, ...args: never[]) => unknown;

/** A query with where it runs bound: called with the rest of its arguments. */
type Bound<Q> = Q extends (db: Executor, ...args: infer A) => infer R ? (...args: A) => R : never;

/** A feature's queries bound to where they run. */
export type Store<Q extends Record<string, Query>> = { readonly [K in keyof Q]: Bound<Q[K]> } & {
  /** The same queries on another connection, or inside a transaction the caller holds. */
  on(db: Executor): Store<Q>;
  /**
   * Runs `work` in one transaction, with the queries bound to it; inside the transaction this store is on already,
   * when it is on one.
   */
  transaction<T>(work: (store: Store<Q>, trx: Trx) => Promise<T>): Promise<T>;
};

/** Binds `queries` to `db`: the store a service is given. */
export function storeOf<Q extends Record<string, Query>>(db: Executor, queries: Q): Store<Q> {
  const bound: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) {
    bound[name] = (...args: never[]) => query(db, ...args);
  }
  const store = {
    ...bound,
    on: (other: Executor) => storeOf(other, queries),
    transaction: <T>(work: (store: Store<Q>, trx: Trx) => Promise<T>): Promise<T> =>
      db.isTransaction
        ? work(store, db as Trx)
        : db.transaction().execute((trx) => work(storeOf(trx, queries), trx)),
  } as Store<Q>;
  return store;
}

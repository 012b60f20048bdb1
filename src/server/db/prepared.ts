// Statements of the hot paths (a sign-in's, the session check's), built and compiled by Kysely once per dialect and
// then run with each request's values: no query building and compiling per request. The compiled text is then the
// same every time, so SQLite's driver finds its prepared statement in the cache (database.ts), and PostgreSQL runs it
// as a named statement, parsed and planned once per connection (`namedStatement`).
import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.js';

/**
 * The compiled PostgreSQL texts of prepared statements, by text, with the name each runs under. Their columns are
 * named, never `*`: a named statement's plan must not change its result's shape when a migration adds a column.
 */
const named = new Map<string, string>();

/** The name a PostgreSQL statement text runs under when it is one of the prepared statements', else undefined. */
export function namedStatement(text: string): string | undefined {
  return named.get(text);
}

/** Where a value goes: built into the query in its place, and swapped for the value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

export interface Prepared<Values, Row> {
  run(db: Kysely<Database>, values: Values): Promise<QueryResult<Row>>;
}

/**
 * A statement built once: `build` makes it with `slot(name)` wherever a value of `Values` goes (only as whole
 * values: a list for `in` has a length, so it is built into the statement, not slotted).
 */
export function prepared<Values extends object, Row>(
  build: (
    db: Kysely<Database>,
    slot: <K extends keyof Values & string>(name: K) => Values[K],
  ) => Compilable<Row>,
): Prepared<Values, Row> {
  // By the executor's adapter: one per dialect instance, shared by its transactions.
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return {
    async run(db, values) {
      const adapter = db.getExecutor().adapter;
      let query = compiled.get(adapter);
      if (!query) {
        // The slot stands where a value of the statement goes: Kysely passes it through as a parameter unread.
        query = build(db, (name) => new Slot(name) as never).compile();
        compiled.set(adapter, query);
        if (/\*/.test(query.sql.replace(/count\(\*\)/g, ''))) {
          throw new Error(`prepared statement: name its columns, not *: ${query.sql}`);
        }
        named.set(query.sql, `mg_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`);
      }
      const parameters = query.parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter;
        if (!(parameter.name in values))
          throw new Error(`prepared statement: no value for ${parameter.name}`);
        return values[parameter.name as keyof Values];
      });
      return db.executeQuery<Row>({ ...query, parameters });
    },
  };
}

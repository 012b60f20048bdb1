import { PostgresAdapter, sql, type Kysely } from 'kysely';

// On PostgreSQL a rate-limit reservation is one call of this function instead of a transaction of seven round
// trips: it locks each key (advisory locks, held to the end of the caller's transaction, taken in one order so two
// reservations of the same keys cannot deadlock), then counts each key's events of its own window — every
// statement of a function sees what was committed before it started, so after the locks it sees every earlier
// reservation of these keys — and records one event per key only if every limit has room. It answers 0 when
// recorded, else how many milliseconds until every limit has room (as `waitFor` in ratelimit/limiter.ts).
// Arrays run in parallel, one element per limit; `p_since` is each window's start and `p_at` the event's time, both
// as stored (ISO 8601, UTC, milliseconds). SQLite needs none of this: one connection runs one transaction at a time.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create or replace function rate_reserve(
      p_keys text[], p_limits integer[], p_windows bigint[], p_since text[], p_ids text[], p_at text, p_now_ms bigint
    ) returns bigint language plpgsql as $$
    declare
      locked text;
      i integer;
      n integer;
      freeing text;
      wait bigint := 0;
    begin
      for locked in select distinct u.k collate "C" from unnest(p_keys) as u(k) order by 1 loop
        perform pg_advisory_xact_lock(hashtextextended(locked, 0));
      end loop;
      for i in 1 .. cardinality(p_keys) loop
        select count(*) into n from rate_events e where e.key = p_keys[i] and e.at > p_since[i];
        if n >= p_limits[i] then
          select e.at into freeing from rate_events e where e.key = p_keys[i] and e.at > p_since[i]
            order by e.at offset n - p_limits[i] limit 1;
          wait := greatest(wait, 1,
            round(extract(epoch from freeing::timestamptz) * 1000)::bigint + p_windows[i] - p_now_ms);
        end if;
      end loop;
      if wait > 0 then
        return wait;
      end if;
      insert into rate_events (id, key, at) select u.id, u.key, p_at from unnest(p_ids, p_keys) as u(id, key);
      return 0;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists rate_reserve(text[], integer[], bigint[], text[], text[], text, bigint)`.execute(
    db,
  );
}

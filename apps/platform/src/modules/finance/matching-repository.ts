import { sql, type RawBuilder } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';

/**
 * Rewrites the field values of the transactions `transactions` selects (transaction_id,
 * process_id, match_key, resolved_party_id): each field's value is the resolved party's, else the
 * first party's that has it. Migration 0014 backfills the same way.
 * Only the rows that differ are written: a re-match mostly leaves the values as they were, and
 * rewriting every row (five indexes each) was most of a large load's time. Each transaction's
 * records are read once, in priority order, rather than once per field, and its values by its id
 * (a join hashed the whole values table). A process's fields never change once it exists, so every
 * transaction already has a row for each of them or none; one with none (new in this re-match) has
 * them inserted plainly, without ON CONFLICT's check and speculative insert (decision 0050).
 */
export async function refreshValues(executor: DbExecutor, transactions: RawBuilder<unknown>): Promise<void> {
  // One row per transaction and field, null when no party has a value: sorts join it inner.
  await sql`
    with t as materialized (
      select t.*, found.one is not null as valued
      from (${transactions}) t
      -- One index lookup per transaction: as EXISTS, the planner hashed the whole values table.
      left join lateral (
        select 1 as one from recon_transaction_values v where v.transaction_id = t.transaction_id limit 1
      ) found on true
    ),
    wanted as materialized (
      select t.transaction_id, t.process_id, t.valued, f.name as field,
        case when f.type = 'TEXT' then x.value end collate "C" as text_value,
        case when f.type = 'INTEGRAL' then x.value::numeric end as number_value,
        case when f.type = 'DATETIME' then x.value::timestamptz end as time_value
      from t
      cross join lateral (
        select array_agg(r.fields order by (r.party_id = t.resolved_party_id) desc nulls last, r.party_id, r.record_id)
          as fields
        from recon_records r where r.process_id = t.process_id and r.match_key = t.match_key
      ) own
      join recon_fields f on f.process_id = t.process_id
      left join lateral (
        select e.fields ->> f.name as value from unnest(own.fields) with ordinality as e(fields, n)
        where coalesce(e.fields ->> f.name, '') <> ''
        order by e.n
        limit 1
      ) x on true
    ),
    existing as materialized (
      select v.* from t
      cross join lateral (
        select * from recon_transaction_values v where v.transaction_id = t.transaction_id offset 0
      ) v
      where t.valued
    ),
    fresh as (
      insert into recon_transaction_values (transaction_id, process_id, field, text_value, number_value, time_value)
      select w.transaction_id, w.process_id, w.field, w.text_value, w.number_value, w.time_value
      from wanted w
      where not w.valued
    )
    insert into recon_transaction_values (transaction_id, process_id, field, text_value, number_value, time_value)
    select w.transaction_id, w.process_id, w.field, w.text_value, w.number_value, w.time_value
    from wanted w
    left join existing e on e.transaction_id = w.transaction_id and e.field = w.field
    where w.valued
      and (e.transaction_id is null or (e.process_id, e.text_value, e.number_value, e.time_value)
        is distinct from (w.process_id, w.text_value, w.number_value, w.time_value))
    on conflict (transaction_id, field) do update set
      process_id = excluded.process_id,
      text_value = excluded.text_value,
      number_value = excluded.number_value,
      time_value = excluded.time_value
  `.execute(executor);
}

/**
 * Settings for the rest of a transaction that writes many rows at once: a large load sorts and
 * hashes a few rows per key, in memory rather than spilled to disk; and JIT is off, because its
 * compilation (the statements' costs pass every JIT threshold) costs more than it saves on
 * statements that mostly walk indexes and write.
 */
export async function tuneForBulk(executor: DbExecutor): Promise<void> {
  await sql`set local work_mem = '64MB'`.execute(executor);
  await sql`set local jit = off`.execute(executor);
}

/** Keys to re-match: a list, or a query giving one distinct match_key a row. */
export type KeySource = string[] | RawBuilder<unknown>;

function keySql(keys: KeySource): RawBuilder<unknown> {
  return Array.isArray(keys)
    ? sql`select distinct k.match_key from unnest(cast(${keys} as text[])) as k(match_key)`
    : keys;
}

/** Matching: the recon transactions of a process's keys, from the records that carry them. */
export function createMatchingRepository() {
  return {
    /**
     * Re-matches the given keys of a process: an upsert of one transaction per key that still has
     * records, then the removal of those whose records are all gone. All parties present: MATCHED,
     * scored by how far the parties agree on each compared field; otherwise UNMATCHED. Each key's
     * records are looked up on (process_id, match_key) one key at a time (a LATERAL subquery the
     * planner cannot flatten), so the work follows the keys touched, never the process's size: a
     * key list as a filter or a join lets the planner scan every record of the process.
     * Only `mayBeGone` (by default every key) can have lost all its records: a caller that has just
     * inserted records for the other keys spares their lookup.
     */
    async rematch(
      executor: DbExecutor,
      processId: number,
      partyCount: number,
      keys: KeySource,
      now: Date,
      mayBeGone: KeySource = keys,
    ) {
      if (Array.isArray(keys) && keys.length === 0) {
        return;
      }
      await tuneForBulk(executor);
      const touchedKeys = keySql(keys);
      await sql`
        with touched as materialized (
          select r.match_key, r.party_id, r.compare_values
          from (${touchedKeys}) k
          cross join lateral (
            select match_key, party_id, compare_values from recon_records
            where process_id = ${processId} and match_key = k.match_key
            offset 0
          ) r
        ),
        grouped as (
          select match_key, count(*) as parties
          from (select distinct match_key, party_id from touched) parties
          group by match_key
        ),
        votes as (
          select t.match_key, v.position, v.value, count(*) as n
          from touched t
          cross join lateral unnest(t.compare_values) with ordinality as v(value, position)
          group by t.match_key, v.position, v.value
        ),
        shares as (
          select match_key, position, max(n)::numeric / sum(n) as share
          from votes
          group by match_key, position
        ),
        scores as (
          select match_key, floor(100 * avg(share))::integer as score from shares group by match_key
        )
        insert into recon_transactions
          (process_id, match_key, created_at, match_status, settlement_status, score)
        select cast(${processId} as integer), g.match_key, cast(${now} as timestamptz),
          case when g.parties = cast(${partyCount} as integer) then 'MATCHED' else 'UNMATCHED' end,
          case when g.parties = cast(${partyCount} as integer) and coalesce(s.score, 100) = 100
            then 'PENDING' else 'ISSUE' end,
          case when g.parties = cast(${partyCount} as integer) then coalesce(s.score, 100) else 0 end
        from grouped g
        left join scores s on s.match_key = g.match_key
        on conflict (process_id, match_key) do update set
          match_status = excluded.match_status,
          settlement_status = excluded.settlement_status,
          score = excluded.score,
          settlement_run_id = case when excluded.settlement_status = 'PENDING'
            then recon_transactions.settlement_run_id end
        where recon_transactions.decision is null and recon_transactions.settlement_status <> 'SETTLED'
          -- An unchanged row is left alone: rewriting it costs every index an entry.
          and (recon_transactions.match_status, recon_transactions.settlement_status, recon_transactions.score,
            recon_transactions.settlement_run_id)
            is distinct from (excluded.match_status, excluded.settlement_status, excluded.score,
              case when excluded.settlement_status = 'PENDING' then recon_transactions.settlement_run_id end)
      `.execute(executor);
      const gone = await sql<{ match_key: string }>`
        select k.match_key
        from (${keySql(mayBeGone)}) k
        left join lateral (
          select 1 as found from recon_records
          where process_id = ${processId} and match_key = k.match_key
          limit 1
        ) r on true
        where r.found is null
      `
        .execute(executor)
        .then((result) => result.rows.map((row) => row.match_key));
      if (gone.length > 0) {
        await sql`
          delete from recon_transactions
          where process_id = ${processId} and match_key = any(cast(${gone} as text[]))
            and settlement_status <> 'SETTLED'
        `.execute(executor);
      }
      // Each key's transaction looked up on its own, as the records above: a key list as a filter
      // reads every transaction of the process.
      await refreshValues(
        executor,
        sql`select t.transaction_id, t.process_id, t.match_key, t.resolved_party_id
          from (${touchedKeys}) k
          cross join lateral (
            select transaction_id, process_id, match_key, resolved_party_id from recon_transactions
            where process_id = ${processId} and match_key = k.match_key
            offset 0
          ) t`,
      );
    },
  };
}

export type MatchingRepository = ReturnType<typeof createMatchingRepository>;

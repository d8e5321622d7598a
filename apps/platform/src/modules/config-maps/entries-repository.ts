import { sql } from 'kysely';
import type { DbExecutor } from '../../db/schema.ts';
import type { MapRecord } from './repository.ts';

export interface EntryRow {
  key: string;
  value: string;
  from_seq: number;
  to_seq: number | null;
}

/** Which mappings a page or a download selects. */
export interface MappingSelection {
  mapId: string;
  /** The version listed and the one compared against. */
  seq: number;
  fromSeq: number;
  /** The map's next seq (its unsubmitted changes): no row starts or ends after it. */
  draftSeq: number;
  updatesOnly: boolean;
  keyPrefix?: string | undefined;
  valuePrefix?: string | undefined;
}

const ENTRIES = 'config_map_entries';
/** Up to this many versions apart, a page of changes reads each seq's rows off its index. */
const MAX_SEQS_PER_CHANGES_PAGE = 16;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The smallest text above every text starting with `prefix` (code point order, as "C" sorts UTF-8). */
export function prefixUpperBound(prefix: string): string | undefined {
  // Code points, not UTF-16 units: the bound must not split a surrogate pair.
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = points.pop() ?? '';
    const code = last.codePointAt(0) ?? 0;
    // Skip the surrogate range: no text holds those code points alone.
    const next = code === 0xd7ff ? 0xe000 : code + 1;
    if (next <= 0x10ffff) {
      return points.join('') + String.fromCodePoint(next);
    }
  }
  return undefined;
}

function liveAt(seq: number) {
  return sql<boolean>`(from_seq <= ${seq} and (to_seq is null or to_seq > ${seq}))`;
}

/**
 * A map's mappings: one row per key and value with the seqs it is valid from and to (`to_seq` null
 * while current), so every version of the map is read from the same rows.
 */
export function createMapEntriesRepository() {
  /** The conditions every selection shares: the map, the key prefix, and the rows that matter. */
  function selectionConditions(selection: MappingSelection, options: { changes?: boolean } = {}) {
    const conditions = [sql`map_id = ${selection.mapId}`];
    if (selection.keyPrefix !== undefined && selection.keyPrefix !== '') {
      conditions.push(sql`key >= ${selection.keyPrefix}`);
      const upper = prefixUpperBound(selection.keyPrefix);
      if (upper !== undefined) {
        conditions.push(sql`key < ${upper}`);
      }
    }
    if (options.changes === false) {
      // The caller names the seqs.
    } else if (selection.updatesOnly) {
      const low = Math.min(selection.seq, selection.fromSeq);
      const high = Math.max(selection.seq, selection.fromSeq);
      conditions.push(
        sql`((from_seq > ${low} and from_seq <= ${high}) or (to_seq > ${low} and to_seq <= ${high}))`,
      );
    } else {
      conditions.push(sql`(${liveAt(selection.seq)} or ${liveAt(selection.fromSeq)})`);
    }
    if (selection.valuePrefix !== undefined && selection.valuePrefix !== '') {
      conditions.push(sql`value like ${`${escapeLike(selection.valuePrefix)}%`}`);
    }
    return conditions;
  }

  return {
    /** The current row of a key (the map as edited), if any. */
    async findCurrent(executor: DbExecutor, mapId: string, key: string): Promise<EntryRow | undefined> {
      return executor
        .selectFrom(ENTRIES)
        .select(['key', 'value', 'from_seq', 'to_seq'])
        .where('map_id', '=', mapId)
        .where('key', '=', key)
        .where('to_seq', 'is', null)
        .executeTakeFirst();
    },

    /** The row of a key that the unsubmitted changes closed (its value before them), if any. */
    async findClosedAt(executor: DbExecutor, mapId: string, key: string, seq: number) {
      return executor
        .selectFrom(ENTRIES)
        .select(['key', 'value', 'from_seq', 'to_seq'])
        .where('map_id', '=', mapId)
        .where('key', '=', key)
        .where('to_seq', '=', seq)
        .executeTakeFirst();
    },

    async insertEntry(
      executor: DbExecutor,
      mapId: string,
      entry: { key: string; value: string; fromSeq: number },
    ) {
      await executor
        .insertInto(ENTRIES)
        .values({ map_id: mapId, key: entry.key, value: entry.value, from_seq: entry.fromSeq, to_seq: null })
        .execute();
    },

    async setEntryValue(executor: DbExecutor, mapId: string, key: string, fromSeq: number, value: string) {
      await executor
        .updateTable(ENTRIES)
        .set({ value })
        .where('map_id', '=', mapId)
        .where('key', '=', key)
        .where('from_seq', '=', fromSeq)
        .execute();
    },

    async setEntryEnd(
      executor: DbExecutor,
      mapId: string,
      key: string,
      fromSeq: number,
      toSeq: number | null,
    ) {
      await executor
        .updateTable(ENTRIES)
        .set({ to_seq: toSeq })
        .where('map_id', '=', mapId)
        .where('key', '=', key)
        .where('from_seq', '=', fromSeq)
        .execute();
    },

    async deleteEntry(executor: DbExecutor, mapId: string, key: string, fromSeq: number) {
      await executor
        .deleteFrom(ENTRIES)
        .where('map_id', '=', mapId)
        .where('key', '=', key)
        .where('from_seq', '=', fromSeq)
        .execute();
    },

    /** True when rows start or end at `seq` (the unsubmitted changes). */
    async hasChangesAt(executor: DbExecutor, mapId: string, seq: number): Promise<boolean> {
      const row = await executor
        .selectFrom(ENTRIES)
        .select(sql<number>`1`.as('one'))
        .where('map_id', '=', mapId)
        .where((eb) => eb.or([eb('from_seq', '=', seq), eb('to_seq', '=', seq)]))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Maps with unsubmitted changes, of those given (each at its own next seq). */
    async mapsWithChanges(executor: DbExecutor, maps: readonly MapRecord[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (const map of maps) {
        if (await this.hasChangesAt(executor, map.id, map.nextSeq)) {
          found.add(map.id);
        }
      }
      return found;
    },

    /** Undoes every change after `seq`: rows started later go, rows ended later are current again. */
    async discardAfter(executor: DbExecutor, mapId: string, seq: number): Promise<void> {
      await executor.deleteFrom(ENTRIES).where('map_id', '=', mapId).where('from_seq', '>', seq).execute();
      await executor
        .updateTable(ENTRIES)
        .set({ to_seq: null })
        .where('map_id', '=', mapId)
        .where('to_seq', '>', seq)
        .execute();
    },

    /**
     * Replaces the map as edited with `entries` as changes at `seq`: earlier unsubmitted changes are
     * undone first, then every current row that the file does not hold as it is ends at `seq`, and
     * the file's other rows start there. Set-based, so 100 000 rows take one statement each.
     */
    async replaceAll(
      executor: DbExecutor,
      mapId: string,
      seq: number,
      entries: { keys: string[]; values: string[] },
    ): Promise<{ added: number; updated: number; deleted: number; mappingCount: number }> {
      await executor.deleteFrom(ENTRIES).where('map_id', '=', mapId).where('from_seq', '=', seq).execute();
      await executor
        .updateTable(ENTRIES)
        .set({ to_seq: null })
        .where('map_id', '=', mapId)
        .where('to_seq', '=', seq)
        .execute();
      // A staging table with a key index (and fresh statistics) keeps both statements to index
      // lookups; compared with a bare unnest the planner would expect 100 rows and loop.
      await sql`create temporary table config_map_upload (
        key text collate "C" primary key,
        value text not null
      ) on commit drop`.execute(executor);
      await sql`insert into config_map_upload (key, value)
        select key, value from unnest(cast(${entries.keys} as text[]), cast(${entries.values} as text[]))
          as incoming(key, value)`.execute(executor);
      await sql`analyze config_map_upload`.execute(executor);
      const closed = await sql`
        update config_map_entries as e set to_seq = ${seq}
        where e.map_id = ${mapId} and e.to_seq is null
          and not exists (select 1 from config_map_upload as i where i.key = e.key and i.value = e.value)`.execute(
        executor,
      );
      const inserted = await sql`
        insert into config_map_entries (map_id, key, value, from_seq, to_seq)
        select ${mapId}, i.key, i.value, ${seq}, null from config_map_upload as i
        where not exists (
          select 1 from config_map_entries as e
          where e.map_id = ${mapId} and e.key = i.key and e.to_seq is null
        )
        order by i.key`.execute(executor);
      // Updated: a key both closed and started again; the rest of each side was deleted or added.
      const both = await sql<{ updated: string }>`
        select count(*) as updated from config_map_entries as e
        where e.map_id = ${mapId} and e.to_seq = ${seq}
          and exists (select 1 from config_map_upload as i where i.key = e.key)`.execute(executor);
      const updated = Number(both.rows[0]?.updated ?? 0);
      const result = {
        added: Number(inserted.numAffectedRows ?? 0n) - updated,
        updated,
        deleted: Number(closed.numAffectedRows ?? 0n) - updated,
        mappingCount: entries.keys.length,
      };
      await sql`drop table config_map_upload`.execute(executor);
      // A whole map changed at once: fresh statistics keep the pages on the primary key (PGlite
      // has no autovacuum to take them).
      await sql`analyze config_map_entries`.execute(executor);
      return result;
    },

    /**
     * Up to `limit` keys of the selection after (or before) a key, in key order; for the paging
     * of a list and for a download's batches.
     */
    async selectKeys(
      executor: DbExecutor,
      selection: MappingSelection,
      cursor: { after?: string | undefined; before?: string | undefined },
      limit: number,
    ): Promise<string[]> {
      const conditions = selectionConditions(selection);
      if (cursor.after !== undefined) conditions.push(sql`key > ${cursor.after}`);
      if (cursor.before !== undefined) conditions.push(sql`key < ${cursor.before}`);
      const direction = cursor.before !== undefined ? sql`desc` : sql`asc`;
      const low = Math.min(selection.seq, selection.fromSeq);
      const high = Math.min(Math.max(selection.seq, selection.fromSeq), selection.draftSeq);
      if (selection.updatesOnly && high > low && high - low <= MAX_SEQS_PER_CHANGES_PAGE) {
        // The rows that start or end at each seq in between, each read in key order off
        // (map_id, from_seq, key) or (map_id, to_seq, key) and cut at the limit: a page costs
        // the limit per seq, however many rows changed and whatever the statistics say.
        const common = selectionConditions(selection, { changes: false });
        if (cursor.after !== undefined) common.push(sql`key > ${cursor.after}`);
        if (cursor.before !== undefined) common.push(sql`key < ${cursor.before}`);
        const branches = [];
        for (let seq = low + 1; seq <= high; seq += 1) {
          for (const column of [sql`from_seq`, sql`to_seq`]) {
            branches.push(sql`(select key from config_map_entries
              where ${sql.join([...common, sql`${column} = ${seq}`], sql` and `)}
              order by key ${direction} limit ${limit})`);
          }
        }
        const changed = await sql<{ key: string }>`
          select distinct key from (${sql.join(branches, sql` union all `)}) as changed
          order by key ${direction} limit ${limit}`.execute(executor);
        const keys = changed.rows.map((row) => row.key);
        return cursor.before !== undefined ? keys.reverse() : keys;
      }
      // Outside updates-only a key has at most two rows here (one per version compared), so
      // twice the limit in key order holds enough keys, straight off the primary key's order.
      const result = selection.updatesOnly
        ? await sql<{ key: string }>`
            select distinct key from config_map_entries
            where ${sql.join(conditions, sql` and `)}
            order by key ${direction}
            limit ${limit}`.execute(executor)
        : await sql<{ key: string }>`
            select key from config_map_entries
            where ${sql.join(conditions, sql` and `)}
            order by key ${direction}
            limit ${limit * 2}`.execute(executor);
      const keys = [...new Set(result.rows.map((row) => row.key))].slice(0, limit);
      return cursor.before !== undefined ? keys.reverse() : keys;
    },

    /** The rows of `keys` valid at either seq. */
    async entriesOf(
      executor: DbExecutor,
      mapId: string,
      keys: readonly string[],
      seqs: { seq: number; fromSeq: number },
    ): Promise<EntryRow[]> {
      if (keys.length === 0) return [];
      const result = await sql<EntryRow>`
        select key, value, from_seq, to_seq from config_map_entries
        where map_id = ${mapId} and key = any(cast(${[...keys]} as text[]))
          and (${liveAt(seqs.seq)} or ${liveAt(seqs.fromSeq)})
        order by key`.execute(executor);
      return result.rows;
    },

    /** Every row valid at `seq`, in key order, `limit` after a key (the client's fetch). */
    async entriesAt(
      executor: DbExecutor,
      mapId: string,
      seq: number,
      after: string | undefined,
      limit: number,
    ) {
      const result = await sql<{ key: string; value: string }>`
        select key, value from config_map_entries
        where map_id = ${mapId} and ${liveAt(seq)} ${after === undefined ? sql`` : sql`and key > ${after}`}
        order by key limit ${limit}`.execute(executor);
      return result.rows;
    },
  };
}

export type MapEntriesRepository = ReturnType<typeof createMapEntriesRepository>;

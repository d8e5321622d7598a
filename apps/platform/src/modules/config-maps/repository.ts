import { sql, type Selectable } from 'kysely';
import type { VersionState } from '@web-control/contract/config-maps';
import type { DbExecutor } from '../../db/schema.ts';
import type { ConfigClientMapsTable, ConfigMapVersionsTable } from './table.ts';

/** The seq of the map as edited: later than every version. */
export const WORKING_SEQ = 2_147_483_647;

export interface MapRecord {
  id: string;
  name: string;
  createdAt: Date;
  nextSeq: number;
  appliedSeq: number;
  pushedSeq: number | null;
  pushedAt: Date | null;
}

export type VersionRow = Selectable<ConfigMapVersionsTable>;
export type ClientMapRow = Selectable<ConfigClientMapsTable>;

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

export function createConfigMapsRepository() {
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
    async findMap(executor: DbExecutor, mapId: string, options: { forUpdate?: boolean } = {}) {
      let query = executor.selectFrom('config_maps').selectAll().where('map_id', '=', mapId);
      if (options.forUpdate === true) {
        query = query.forUpdate();
      }
      const row = await query.executeTakeFirst();
      return row === undefined ? undefined : toMap(row);
    },

    async listMaps(executor: DbExecutor): Promise<MapRecord[]> {
      const rows = await executor.selectFrom('config_maps').selectAll().orderBy('map_id').execute();
      return rows.map(toMap);
    },

    /** Creates a map; false when the id is taken. */
    async insertMap(
      executor: DbExecutor,
      map: { id: string; name: string; createdAt: Date; createdBy: string },
    ) {
      const row = await executor
        .insertInto('config_maps')
        .values({ map_id: map.id, name: map.name, created_at: map.createdAt, created_by: map.createdBy })
        .onConflict((conflict) => conflict.column('map_id').doNothing())
        .returning('map_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async updateMap(
      executor: DbExecutor,
      mapId: string,
      change: Partial<{ next_seq: number; applied_seq: number; pushed_seq: number; pushed_at: Date }>,
    ): Promise<void> {
      await executor.updateTable('config_maps').set(change).where('map_id', '=', mapId).execute();
    },

    async listVersions(executor: DbExecutor, mapIds: readonly string[], state?: VersionState) {
      if (mapIds.length === 0) return [];
      let query = executor
        .selectFrom('config_map_versions')
        .selectAll()
        .where('map_id', 'in', [...mapIds]);
      if (state !== undefined) {
        query = query.where('state', '=', state);
      }
      return query.orderBy('map_id').orderBy('seq', 'desc').execute();
    },

    async findVersion(executor: DbExecutor, mapId: string, versionId: string) {
      return executor
        .selectFrom('config_map_versions')
        .selectAll()
        .where('map_id', '=', mapId)
        .where('version_id', '=', versionId)
        .executeTakeFirst();
    },

    async findVersionBySeq(executor: DbExecutor, mapId: string, seq: number) {
      return executor
        .selectFrom('config_map_versions')
        .selectAll()
        .where('map_id', '=', mapId)
        .where('seq', '=', seq)
        .executeTakeFirst();
    },

    /** Records that a user changed the version at `seq` (once per user). */
    async recordAuthor(
      executor: DbExecutor,
      mapId: string,
      seq: number,
      author: { userId: string; username: string },
    ): Promise<void> {
      await executor
        .insertInto('config_map_authors')
        .values({ map_id: mapId, seq, user_id: author.userId, username: author.username })
        .onConflict((conflict) => conflict.columns(['map_id', 'seq', 'user_id']).doNothing())
        .execute();
    },

    /** Who changed the versions at `seqs` of a map, in username order. */
    async authorsOf(executor: DbExecutor, mapIds: readonly string[], seqs?: readonly number[]) {
      if (mapIds.length === 0 || seqs?.length === 0) return [];
      let query = executor
        .selectFrom('config_map_authors')
        .select(['map_id', 'seq', 'user_id', 'username'])
        .where('map_id', 'in', [...mapIds]);
      if (seqs !== undefined) {
        query = query.where('seq', 'in', [...seqs]);
      }
      return query.orderBy('username').execute();
    },

    async insertVersion(executor: DbExecutor, version: VersionRow): Promise<void> {
      await executor.insertInto('config_map_versions').values(version).execute();
    },

    /** Decides every submitted version of the map at once (the review); answers how many. */
    async decideSubmitted(
      executor: DbExecutor,
      mapId: string,
      decision: { state: VersionState; reviewedBy: string; reviewedAt: Date; comment: string },
    ): Promise<number> {
      const result = await executor
        .updateTable('config_map_versions')
        .set({
          state: decision.state,
          reviewed_by: decision.reviewedBy,
          reviewed_at: decision.reviewedAt,
          review_comment: decision.comment,
        })
        .where('map_id', '=', mapId)
        .where('state', '=', 'submitted')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    // --- entries ---------------------------------------------------------------------------

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

    // --- clients ---------------------------------------------------------------------------

    async findClient(executor: DbExecutor, clientId: string) {
      return executor
        .selectFrom('config_clients')
        .selectAll()
        .where('client_id', '=', clientId)
        .executeTakeFirst();
    },

    async listClients(executor: DbExecutor) {
      return executor.selectFrom('config_clients').selectAll().orderBy('client_id').execute();
    },

    async upsertClient(
      executor: DbExecutor,
      client: { clientId: string; secretHash: string; createdAt: Date },
    ) {
      await executor
        .insertInto('config_clients')
        .values({ client_id: client.clientId, secret_hash: client.secretHash, created_at: client.createdAt })
        .onConflict((conflict) =>
          conflict.column('client_id').doUpdateSet({ secret_hash: client.secretHash }),
        )
        .execute();
    },

    async listSubscriptions(executor: DbExecutor, filter: { mapIds?: readonly string[]; clientId?: string }) {
      let query = executor.selectFrom('config_client_maps').selectAll();
      if (filter.mapIds !== undefined) {
        if (filter.mapIds.length === 0) return [];
        query = query.where('map_id', 'in', [...filter.mapIds]);
      }
      if (filter.clientId !== undefined) {
        query = query.where('client_id', '=', filter.clientId);
      }
      return query.orderBy('map_id').orderBy('client_id').execute();
    },

    /** Subscribes the client to exactly these maps, keeping what it acknowledged of the ones it keeps. */
    async setSubscriptions(executor: DbExecutor, clientId: string, mapIds: readonly string[]) {
      let remove = executor.deleteFrom('config_client_maps').where('client_id', '=', clientId);
      if (mapIds.length > 0) {
        remove = remove.where('map_id', 'not in', [...mapIds]);
      }
      await remove.execute();
      if (mapIds.length > 0) {
        await executor
          .insertInto('config_client_maps')
          .values(
            mapIds.map((mapId) => ({
              client_id: clientId,
              map_id: mapId,
              applied_version_id: null,
              last_ack_version_id: null,
              last_ack_status: null,
              log_time: null,
              log_message: null,
            })),
          )
          .onConflict((conflict) => conflict.columns(['client_id', 'map_id']).doNothing())
          .execute();
      }
    },

    async recordAcknowledgement(
      executor: DbExecutor,
      ack: {
        clientId: string;
        mapId: string;
        versionId: string;
        status: 'applied' | 'rejected';
        logTime: Date;
        logMessage: string;
      },
    ): Promise<void> {
      await executor
        .updateTable('config_client_maps')
        .set({
          ...(ack.status === 'applied' ? { applied_version_id: ack.versionId } : {}),
          last_ack_version_id: ack.versionId,
          last_ack_status: ack.status,
          log_time: ack.logTime,
          log_message: ack.logMessage,
        })
        .where('client_id', '=', ack.clientId)
        .where('map_id', '=', ack.mapId)
        .execute();
    },
  };
}

function toMap(row: {
  map_id: string;
  name: string;
  created_at: Date;
  next_seq: number;
  applied_seq: number;
  pushed_seq: number | null;
  pushed_at: Date | null;
}): MapRecord {
  return {
    id: row.map_id,
    name: row.name,
    createdAt: row.created_at,
    nextSeq: row.next_seq,
    appliedSeq: row.applied_seq,
    pushedSeq: row.pushed_seq,
    pushedAt: row.pushed_at,
  };
}

export type ConfigMapsRepository = ReturnType<typeof createConfigMapsRepository>;

import { sql, type Selectable } from 'kysely';
import type { VersionState } from '@web-control/contract/config-maps';
import type { DbExecutor } from '../../db/schema.ts';
import type { ConfigMapVersionsTable } from './table.ts';

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

/** A map nobody has submitted yet: its first version may be empty (how an empty map reaches the switch). */
export function neverSubmitted(map: MapRecord): boolean {
  return map.nextSeq === 1;
}

export type VersionRow = Selectable<ConfigMapVersionsTable>;

/** The maps and their versions (the mappings' rows: entries-repository.ts; switch nodes: clients-repository.ts). */
export function createConfigMapsRepository() {
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

    /**
     * Whether a map already has this name, in any case (folded by the database on both sides). Two
     * creates of one name wait for each other on a lock of the name until the first commits.
     */
    async nameTaken(executor: DbExecutor, name: string): Promise<boolean> {
      await sql`select pg_advisory_xact_lock(hashtext('config_maps.name'), hashtext(lower(${name})))`.execute(
        executor,
      );
      const row = await executor
        .selectFrom('config_maps')
        .select('map_id')
        .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
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

import { sql, type RawBuilder } from 'kysely';
import {
  EXTRACT_TAG_IDS,
  type ExtractTagId,
  type TagFilter,
} from '@web-control/contract/finance-settlements';
import type { DbExecutor } from '../../db/schema.ts';

export interface NewExtract {
  processId: number | null;
  fileName: string;
  createdAt: Date;
  /** The bytes, or a query giving them (a large extract is written by the database). */
  content: Buffer | RawBuilder<Buffer>;
  /** What it is of: a second write of the same thing is skipped. */
  dedupeKey: string;
  tags: Array<[ExtractTagId, string]>;
}

export interface ExtractsFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  processId?: number | undefined;
  tags: TagFilter[];
}

function tagConditions(tags: TagFilter[]) {
  // Values of one tag are alternatives; different tags must all match.
  const byTag = new Map<string, string[]>();
  for (const tag of tags) byTag.set(tag.tagId, [...(byTag.get(tag.tagId) ?? []), tag.value]);
  return [...byTag].map(
    ([tagId, values]) => sql`exists (select 1 from recon_extract_tags g
      where g.extract_id = e.extract_id and g.tag_id = ${tagId} and g.value in (${sql.join(values)}))`,
  );
}

function extractsWhere(filter: ExtractsFilter) {
  const conditions = [sql`true`, ...tagConditions(filter.tags)];
  if (filter.processId !== undefined) conditions.push(sql`e.process_id = ${filter.processId}`);
  if (filter.from !== undefined) conditions.push(sql`e.created_at >= ${filter.from}`);
  if (filter.to !== undefined) conditions.push(sql`e.created_at <= ${filter.to}`);
  return sql.join(conditions, sql` and `);
}

/** Every extract of the filter, newest first, each tag's values as one text ("a, b"): the export reads it whole. */
export function extractsExportQuery(filter: ExtractsFilter) {
  const tagColumns = EXTRACT_TAG_IDS.map(
    (tagId) => sql`(select string_agg(g.value, ', ' order by g.value) from recon_extract_tags g
      where g.extract_id = e.extract_id and g.tag_id = ${tagId}) as ${sql.ref(`tag_${tagId}`)}`,
  );
  return sql<{ file_name: string; created_at: Date } & Record<`tag_${ExtractTagId}`, string | null>>`
    select e.file_name, e.created_at, ${sql.join(tagColumns)} from recon_extracts e
    where ${extractsWhere(filter)} order by e.created_at desc, e.extract_id desc`;
}

export function createOutboxRepository() {
  return {
    /** Writes an extract and its tags; undefined when one with the same dedupe key exists. */
    async insertExtract(executor: DbExecutor, extract: NewExtract): Promise<number | undefined> {
      const row = await executor
        .insertInto('recon_extracts')
        .values({
          process_id: extract.processId,
          file_name: extract.fileName,
          created_at: extract.createdAt,
          content: extract.content,
          dedupe_key: extract.dedupeKey,
        })
        .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
        .returning('extract_id')
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const unique = [
        ...new Map(extract.tags.map(([id, value]) => [`${id}\u0000${value}`, { id, value }])).values(),
      ];
      if (unique.length > 0) {
        await executor
          .insertInto('recon_extract_tags')
          .values(unique.map((tag) => ({ extract_id: row.extract_id, tag_id: tag.id, value: tag.value })))
          .execute();
      }
      return row.extract_id;
    },

    async listExtracts(executor: DbExecutor, filter: ExtractsFilter & { offset: number; limit: number }) {
      const where = extractsWhere(filter);
      const rows = await sql<{ extract_id: number; file_name: string; created_at: Date }>`
        select e.extract_id, e.file_name, e.created_at from recon_extracts e where ${where}
        order by e.created_at desc, e.extract_id desc limit ${filter.limit} offset ${filter.offset}`.execute(
        executor,
      );
      const count = await sql<{ total: string | number }>`select count(*) as total from recon_extracts e
        where ${where}`.execute(executor);
      const ids = rows.rows.map((row) => row.extract_id);
      const tags =
        ids.length === 0
          ? []
          : await executor
              .selectFrom('recon_extract_tags')
              .select(['extract_id', 'tag_id', 'value'])
              .where('extract_id', 'in', ids)
              .orderBy('tag_id')
              .orderBy('value')
              .execute();
      return { rows: rows.rows, tags, total: Number(count.rows[0]?.total ?? 0) };
    },

    async tagValues(executor: DbExecutor, tagId: ExtractTagId, processId: number | undefined) {
      let query = executor
        .selectFrom('recon_extract_tags as g')
        .select('g.value')
        .distinct()
        .where('g.tag_id', '=', tagId);
      if (processId !== undefined) {
        query = query
          .innerJoin('recon_extracts as e', 'e.extract_id', 'g.extract_id')
          .where('e.process_id', '=', processId);
      }
      const rows = await query.orderBy('g.value').limit(1000).execute();
      return rows.map((row) => row.value);
    },

    /** The extract with its kinds (who may download it depends on them). */
    async findExtract(executor: DbExecutor, extractId: number) {
      const extract = await executor
        .selectFrom('recon_extracts')
        .select(['extract_id', 'file_name', 'content', 'process_id'])
        .where('extract_id', '=', extractId)
        .executeTakeFirst();
      if (extract === undefined) return undefined;
      const kinds = await executor
        .selectFrom('recon_extract_tags')
        .select('value')
        .where('extract_id', '=', extractId)
        .where('tag_id', '=', 'kind')
        .execute();
      return { ...extract, kinds: kinds.map((row) => row.value) };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

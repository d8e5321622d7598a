import { z } from 'zod';
import { jobSuccessOf } from '@web-control/contract/finance';
import {
  EXTRACT_TAG_IDS,
  EXTRACT_TAGS,
  extractsQuerySchema,
  settlementsQuerySchema,
} from '@web-control/contract/finance-settlements';
import { integerIdSchema } from '@web-control/contract/inputs';
import type { Db } from '../../db/schema.ts';
import { streamInKeysetPages } from '../../db/keyset-pages.ts';
import { isoOf, streamQuery } from '../exports/cursor.ts';
import type { ExportDefinition } from '../exports/service.ts';
import { actionsQuery } from './actions-repository.ts';
import { extractsExportQuery } from './outbox-repository.ts';
import { runsQuery, type RunRow } from './settlements-repository.ts';

/** A count the screen shows as '-' when there is none: empty in the file. */
function countOf(value: number | string | null): string {
  return value === null ? '' : String(value);
}

const noFilterSchema = z.object({});
const processFilterSchema = z.object({ processId: integerIdSchema });

/** The engine's jobs, by name as the screen lists them. */
export function createJobsExport(db: Db): ExportDefinition<z.infer<typeof noFilterSchema>> {
  return {
    permissions: ['VIEW_PROCESSES'],
    querySchema: noFilterSchema,
    fileName: 'finance-jobs.csv',
    header: ['Job Name', 'Last Runtime', 'Last Successful Runtime', 'Success'],
    writeRows: async (_query, _exporter, write) => {
      const jobs = db.selectFrom('finance_jobs').select(['name', 'last_runtime', 'last_successful_runtime']);
      await streamInKeysetPages(jobs, { columns: ['name'], direction: 'asc' }, (rows) =>
        write(
          rows.map((row) => {
            const lastRuntime = isoOf(row.last_runtime);
            const lastSuccessfulRuntime = isoOf(row.last_successful_runtime);
            const success = jobSuccessOf({
              lastRuntime: lastRuntime === '' ? null : lastRuntime,
              lastSuccessfulRuntime: lastSuccessfulRuntime === '' ? null : lastSuccessfulRuntime,
            });
            return [row.name, lastRuntime, lastSuccessfulRuntime, success];
          }),
        ),
      );
    },
  };
}

/** A process's inbox: its files newest first, with their party, status and counts. */
export function createInboxExport(db: Db): ExportDefinition<z.infer<typeof processFilterSchema>> {
  return {
    permissions: ['VIEW_PROCESSES'],
    querySchema: processFilterSchema,
    fileName: 'finance-inbox.csv',
    header: ['Filename', 'Party', 'Uploaded', 'Status', 'Records', 'Exceptions'],
    writeRows: async (query, _exporter, write) => {
      const files = db
        .selectFrom('recon_files as f')
        .innerJoin('recon_parties as p', (join) =>
          join.onRef('p.process_id', '=', 'f.process_id').onRef('p.party_id', '=', 'f.party_id'),
        )
        .select([
          'f.file_name',
          'p.name as party_name',
          'f.created_at',
          'f.status',
          'f.records',
          'f.exceptions',
        ])
        .where('f.process_id', '=', query.processId);
      await streamInKeysetPages(
        files,
        { columns: ['f.created_at', 'f.file_id'], direction: 'desc' },
        (rows) =>
          write(
            rows.map((row) => [
              row.file_name,
              row.party_name,
              isoOf(row.created_at),
              row.status,
              countOf(row.records),
              countOf(row.exceptions),
            ]),
          ),
      );
    },
  };
}

/** A process's pending approvals, oldest first as the screen lists them. */
export function createApprovalsExport(db: Db): ExportDefinition<z.infer<typeof processFilterSchema>> {
  return {
    permissions: ['VIEW_ACTIONS'],
    querySchema: processFilterSchema,
    fileName: 'finance-approvals.csv',
    header: [
      'Process',
      'Action',
      'File',
      'Transactions',
      'Records',
      'Selection',
      'Requested by',
      'Requested at',
      'Comment',
    ],
    writeRows: async (query, _exporter, write) => {
      const actions = actionsQuery(db, { state: 'pending', processIds: [query.processId] });
      const order = { columns: ['a.created_at', 'a.action_id'], direction: 'asc' } as const;
      await streamInKeysetPages(actions, order, (rows) =>
        write(
          rows.map((row) => [
            row.process_name,
            row.type,
            row.file_name ?? '',
            countOf(row.transaction_count),
            countOf(row.records),
            row.selection_type ?? '',
            row.username,
            isoOf(row.created_at),
            row.comment,
          ]),
        ),
      );
    },
  };
}

/** The Settlement tab's filter without its page; settlementId stands for the screen's ID search. */
const settlementsExportQuerySchema = settlementsQuerySchema
  .omit({ offset: true, limit: true })
  .extend({ settlementId: integerIdSchema.optional() });

/** A process's settlement runs, newest first; an open run has no end date yet. */
export function createSettlementsExport(
  db: Db,
): ExportDefinition<z.infer<typeof settlementsExportQuerySchema>> {
  return {
    permissions: ['RECON_SETTLEMENT'],
    querySchema: settlementsExportQuerySchema,
    fileName: 'finance-settlements.csv',
    header: ['Settlement ID', 'Status', 'Start', 'End'],
    writeRows: async (query, _exporter, write) => {
      const runs = runsQuery({
        processId: query.processId,
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        runId: query.settlementId,
      });
      await streamQuery(db, runs, (rows: RunRow[]) =>
        write(
          rows.map((row) => [String(row.run_id), row.status, isoOf(row.start_date), isoOf(row.end_date)]),
        ),
      );
    },
  };
}

const outboxExportQuerySchema = extractsQuerySchema.omit({ offset: true, limit: true });

/**
 * The outbox (every process's, or one's): a column for each tag, as the screen shows the tags of
 * its page, its values joined as the screen joins them.
 */
export function createOutboxExport(db: Db): ExportDefinition<z.infer<typeof outboxExportQuerySchema>> {
  return {
    permissions: ['VIEW_PROCESSES'],
    querySchema: outboxExportQuerySchema,
    fileName: 'finance-outbox.csv',
    header: ['Filename', 'Date Created', ...EXTRACT_TAG_IDS.map((tagId) => EXTRACT_TAGS[tagId])],
    writeRows: async (query, _exporter, write) => {
      const extracts = extractsExportQuery({
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        processId: query.processId,
        tags: query.tag ?? [],
      });
      await streamQuery(db, extracts, (rows) =>
        write(
          rows.map((row) => [
            row.file_name,
            isoOf(row.created_at),
            ...EXTRACT_TAG_IDS.map((tagId) => row[`tag_${tagId}`] ?? ''),
          ]),
        ),
      );
    },
  };
}

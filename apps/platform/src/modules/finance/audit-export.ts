import { z } from 'zod';
import { auditsQuerySchema } from '@web-control/contract/finance-actions';
import { streamInKeysetPages } from '../../db/keyset-pages.ts';
import type { Db } from '../../db/schema.ts';
import { isoOf } from '../exports/cursor.ts';
import type { ExportDefinition } from '../exports/service.ts';
import { createAuditsRepository, filteredAudits } from './audits-repository.ts';

/** The audit log's filter without its page: the export takes every row. */
export const auditExportQuerySchema = auditsQuerySchema.omit({ offset: true, limit: true });
type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/**
 * The finance audit log's export: the screen's columns (the event as its type, file and action), dates
 * as ISO 8601 UTC, newest first as the screen lists them; read in keyset pages.
 */
export function createAuditExport(db: Db): ExportDefinition<AuditExportQuery> {
  return {
    permissions: ['VIEW_AUDITS'],
    querySchema: auditExportQuerySchema,
    fileName: 'audit-log.csv',
    header: ['Event', 'File', 'Action', 'Date & Time', 'User', 'Reviewer', 'Status'],
    writeRows: async (query, _exporter, write) => {
      const audits = createAuditsRepository();
      const select = filteredAudits(db, {
        from: query.fromDateTimeInclusive === undefined ? undefined : new Date(query.fromDateTimeInclusive),
        to: query.toDateTimeInclusive === undefined ? undefined : new Date(query.toDateTimeInclusive),
        username: query.username,
        type: query.type,
        status: query.status,
      }).selectAll();
      await streamInKeysetPages(
        select,
        { columns: ['audit_date', 'audit_id'], direction: 'desc' },
        async (rows) => {
          // The screen's file of a file's action, by primary key for the page read.
          const fileNames = await audits.fileNamesOf(
            db,
            rows.map((row) => row.action_id),
          );
          await write(
            rows.map((row) => [
              row.type,
              fileNames.get(row.action_id) ?? '',
              row.action_id,
              isoOf(row.audit_date),
              row.username,
              row.reviewer_username ?? '',
              row.status,
            ]),
          );
        },
      );
    },
  };
}

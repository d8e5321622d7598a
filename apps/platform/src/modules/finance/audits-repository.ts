import { sql, type RawBuilder } from 'kysely';
import type { ActionType, AuditStatus } from '@web-control/contract/finance';
import { LATEST_YEAR } from '@web-control/contract/inputs';
import type { DbExecutor } from '../../db/schema.ts';
import type { Page } from './process-repository.ts';

export interface AuditFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  username?: string | undefined;
  type?: ActionType | undefined;
  status?: AuditStatus | undefined;
}

/** The first of a UTC month; setUTCFullYear, since Date.UTC reads the years 0 to 99 as 1900 to 1999. */
function monthStart(year: number, monthIndex: number): Date {
  const start = new Date(0);
  start.setUTCFullYear(year, monthIndex, 1);
  return start;
}
const startOfMonth = (at: Date) => monthStart(at.getUTCFullYear(), at.getUTCMonth());
const nextMonth = (month: Date) => monthStart(month.getUTCFullYear(), month.getUTCMonth() + 1);

/** The audit entries of a filter: the log's page and its export read the same rows. */
export function filteredAudits(executor: DbExecutor, filter: AuditFilter) {
  let query = executor.selectFrom('recon_audits');
  if (filter.from !== undefined) query = query.where('audit_date', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('audit_date', '<=', filter.to);
  // Whatever its case, as a username signs in (migration 0039 indexes the lowercased name).
  if (filter.username !== undefined)
    query = query.where(sql<string>`lower(username)`, '=', sql<string>`lower(${filter.username})`);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  return query;
}

/**
 * The audit log's exact total: the whole UTC months of the range from the counts migration 0020
 * keeps, and the entries of the part months at its ends (at most a month each) counted one by one.
 */
async function countAudits(executor: DbExecutor, filter: AuditFilter): Promise<number> {
  const { from, to } = filter;
  // Whole months are [firstMonth, endMonth): the first starting at or after `from`, the last
  // ending at or before `to` (every entry of month M is before nextMonth(M), and `to` is inclusive).
  const firstMonth = from === undefined ? undefined : startOfMonth(from) < from ? nextMonth(from) : from;
  const endMonth = to === undefined ? undefined : startOfMonth(to);
  // A range starting in December 9999 has no whole month: the next would be 10000-01, beyond the
  // supported years (PGlite cannot even send it as a parameter).
  const beyondLatest = firstMonth !== undefined && firstMonth.getUTCFullYear() > LATEST_YEAR;
  const wholeMonths =
    !beyondLatest && (firstMonth === undefined || endMonth === undefined || firstMonth < endMonth);
  const dimensions = (alias: string) => {
    const conditions: Array<RawBuilder<unknown>> = [sql`true`];
    const column = (name: string) => sql.ref(`${alias}.${name}`);
    if (filter.username !== undefined)
      conditions.push(sql`lower(${column('username')}) = lower(${filter.username})`);
    if (filter.type !== undefined) conditions.push(sql`${column('type')} = ${filter.type}`);
    if (filter.status !== undefined) conditions.push(sql`${column('status')} = ${filter.status}`);
    return sql.join(conditions, sql` and `);
  };
  const entriesBetween = async (start: Date | undefined, endBefore: Date | undefined) => {
    const conditions = [dimensions('a')];
    if (start !== undefined) conditions.push(sql`a.audit_date >= ${start}`);
    if (endBefore !== undefined) conditions.push(sql`a.audit_date < ${endBefore}`);
    if (to !== undefined) conditions.push(sql`a.audit_date <= ${to}`);
    const result = await sql<{ total: string | number }>`
      select count(*) as total from recon_audits a where ${sql.join(conditions, sql` and `)}`.execute(
      executor,
    );
    return Number(result.rows[0]?.total ?? 0);
  };
  if (!wholeMonths) {
    return entriesBetween(from, undefined);
  }
  const months = [dimensions('c')];
  if (firstMonth !== undefined) months.push(sql`c.month >= ${firstMonth.toISOString().slice(0, 10)}`);
  if (endMonth !== undefined) months.push(sql`c.month < ${endMonth.toISOString().slice(0, 10)}`);
  const whole = await sql<{ total: string | number }>`
    select coalesce(sum(c.total), 0) as total from recon_audit_counts c
    where ${sql.join(months, sql` and `)}`.execute(executor);
  const before = firstMonth === undefined || from === undefined ? 0 : await entriesBetween(from, firstMonth);
  const after = endMonth === undefined ? 0 : await entriesBetween(endMonth, undefined);
  return Number(whole.rows[0]?.total ?? 0) + before + after;
}

/** The finance audit log: one entry per state an action reaches. */
export function createAuditsRepository() {
  return {
    async insertAudit(
      executor: DbExecutor,
      audit: {
        actionId: string;
        processId: number;
        at: Date;
        username: string;
        reviewer: string | null;
        type: ActionType;
        status: AuditStatus;
      },
    ): Promise<void> {
      await executor
        .insertInto('recon_audits')
        .values({
          action_id: audit.actionId,
          process_id: audit.processId,
          audit_date: audit.at,
          username: audit.username,
          reviewer_username: audit.reviewer,
          type: audit.type,
          status: audit.status,
        })
        .execute();
    },

    /** The file names of the file actions among `actionIds` (a page of the log): by primary key. */
    async fileNamesOf(executor: DbExecutor, actionIds: readonly string[]): Promise<Map<string, string>> {
      if (actionIds.length === 0) return new Map();
      const rows = await executor
        .selectFrom('recon_actions')
        .select(['action_id', 'file_name'])
        .where('action_id', 'in', [...new Set(actionIds)])
        .where('file_name', 'is not', null)
        .execute();
      return new Map(rows.flatMap((row) => (row.file_name === null ? [] : [[row.action_id, row.file_name]])));
    },

    async listAudits(executor: DbExecutor, filter: Page & AuditFilter) {
      const rows = await filteredAudits(executor, filter)
        .selectAll()
        .orderBy('audit_date', 'desc')
        .orderBy('audit_id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return { rows, total: await countAudits(executor, filter) };
    },
  };
}

export type AuditsRepository = ReturnType<typeof createAuditsRepository>;

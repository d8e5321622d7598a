import type { DbExecutor } from '../../db/schema.ts';

export interface AuditRow {
  occurredAt: Date;
  actor: string | null;
  action: string;
  outcome: string;
  detail: Record<string, unknown>;
  clientAddress: string | null;
}

export function createAuditRepository() {
  return {
    async insert(executor: DbExecutor, row: AuditRow): Promise<void> {
      await executor
        .insertInto('audit_log')
        .values({
          occurred_at: row.occurredAt,
          actor: row.actor,
          action: row.action,
          outcome: row.outcome,
          detail: JSON.stringify(row.detail),
          client_address: row.clientAddress,
        })
        .execute();
    },

    async listRecent(
      executor: DbExecutor,
      filter: { action?: string; actor?: string; limit: number },
    ): Promise<AuditRow[]> {
      let query = executor
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit);
      if (filter.action !== undefined) {
        query = query.where('action', '=', filter.action);
      }
      if (filter.actor !== undefined) {
        query = query.where('actor', '=', filter.actor);
      }
      const rows = await query.execute();
      return rows.map((row) => ({
        occurredAt: row.occurred_at,
        actor: row.actor,
        action: row.action,
        outcome: row.outcome,
        detail: row.detail,
        clientAddress: row.client_address,
      }));
    },
  };
}

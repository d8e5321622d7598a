import type { Clock } from '../../clock.ts';
import type { DbExecutor } from '../../db/schema.ts';
import { createAuditRepository, type AuditRow } from './repository.ts';

/** refused: the request was understood and turned down by a rule (a 4xx), so nothing changed. */
export const AUDIT_OUTCOMES = { success: 'success', failure: 'failure', refused: 'refused' } as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[keyof typeof AUDIT_OUTCOMES];

export interface AuditEvent {
  action: string;
  outcome: AuditOutcome;
  actor: string | null;
  clientAddress: string | null;
  detail?: Record<string, unknown>;
}

export type AuditEntry = AuditRow;

export interface AuditService {
  /** Records an event; pass the open transaction so the row commits or rolls back with the change. */
  record(executor: DbExecutor, event: AuditEvent): Promise<void>;
  listRecent(
    executor: DbExecutor,
    filter: { action?: string; actor?: string; limit?: number },
  ): Promise<AuditEntry[]>;
}

const DEFAULT_LIST_LIMIT = 100;

/** The one writer of the audit table; other modules call this and never touch audit_log. */
export function createAuditService(clock: Clock): AuditService {
  const repository = createAuditRepository();
  return {
    record: (executor, event) =>
      repository.insert(executor, {
        occurredAt: clock.now(),
        actor: event.actor,
        action: event.action,
        outcome: event.outcome,
        detail: event.detail ?? {},
        clientAddress: event.clientAddress,
      }),
    listRecent: (executor, filter) =>
      repository.listRecent(executor, { ...filter, limit: filter.limit ?? DEFAULT_LIST_LIMIT }),
  };
}

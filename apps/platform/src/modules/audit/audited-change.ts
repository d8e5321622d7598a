import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { isRefusal, type AppError } from '../../errors.ts';
import { AUDIT_OUTCOMES, type AuditService } from './service.ts';

/** Who asks for a change: the signed-in user (from the auth guard) or the platform itself. */
export interface Actor {
  /** null for the platform's own work (feeds, jobs). */
  userId: string | null;
  username: string;
  clientAddress: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, username: 'system', clientAddress: null };

export interface AuditedChange<T> {
  /** The audit action, e.g. 'user.update'. */
  action: string;
  /** What the change is about; part of every audit row it writes. */
  target: Record<string, unknown>;
  /** Runs first in the transaction, e.g. an advisory lock that serialises a kind of change. */
  lock?: (tx: Transaction<Database>) => Promise<void>;
  /** Turns a database error into a refusal (e.g. a unique violation into 409). */
  refusalOf?: (error: unknown) => AppError | undefined;
  /** The detail recorded beside the target when the change succeeds. */
  describe?: (result: T) => Record<string, unknown>;
}

export type RunAuditedChange = <T>(
  actor: Actor,
  change: AuditedChange<T>,
  work: (tx: Transaction<Database>) => Promise<T>,
) => Promise<T>;

/**
 * One audited change: the work and its success row commit together in one transaction. A
 * refusal (any 4xx) rolls the work back and is then recorded with outcome 'refused'; any other
 * error is recorded as 'failure'. Either way the error goes on to the caller.
 */
export function createAuditedChange(deps: { db: Db; audit: AuditService }): RunAuditedChange {
  const { db, audit } = deps;
  return async (actor, change, work) => {
    const row = { action: change.action, actor: actor.username, clientAddress: actor.clientAddress };
    try {
      return await db.transaction().execute(async (tx) => {
        await change.lock?.(tx);
        const result = await work(tx);
        await audit.record(tx, {
          ...row,
          outcome: AUDIT_OUTCOMES.success,
          detail: { ...change.target, ...change.describe?.(result) },
        });
        return result;
      });
    } catch (error) {
      const refusal = change.refusalOf?.(error) ?? (isRefusal(error) ? error : undefined);
      if (refusal === undefined) {
        // The database may be what failed: the original error matters more than its audit row.
        await audit
          .record(db, { ...row, outcome: AUDIT_OUTCOMES.failure, detail: { ...change.target } })
          .catch(() => undefined);
        throw error;
      }
      await audit.record(db, {
        ...row,
        outcome: AUDIT_OUTCOMES.refused,
        detail: { ...change.target, status: refusal.statusCode, reason: refusal.message },
      });
      throw refusal;
    }
  };
}

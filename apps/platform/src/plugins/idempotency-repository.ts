import type { ExpressionBuilder } from 'kysely';
import type { Database, DbExecutor } from '../db/schema.ts';

/** Which key: the same key string of another user, method or route is another key. */
export interface IdempotencyScope {
  userId: string;
  method: string;
  route: string;
  key: string;
}

export interface StoredIdempotencyKey {
  requestHash: string;
  /** null while the first request still runs. */
  statusCode: number | null;
  responseBody: unknown;
}

function isScope(scope: IdempotencyScope) {
  return (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
    eb.and({
      user_id: scope.userId,
      method: scope.method,
      route: scope.route,
      idempotency_key: scope.key,
    });
}

export function createIdempotencyRepository() {
  return {
    /** Inserts the key as running; false when it is already there. */
    async claim(
      executor: DbExecutor,
      scope: IdempotencyScope,
      claim: { requestHash: string; now: Date; expiresAt: Date },
    ): Promise<boolean> {
      const inserted = await executor
        .insertInto('idempotency_keys')
        .values({
          user_id: scope.userId,
          method: scope.method,
          route: scope.route,
          idempotency_key: scope.key,
          request_hash: claim.requestHash,
          status_code: null,
          response_body: null,
          created_at: claim.now,
          expires_at: claim.expiresAt,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('idempotency_key')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    find(executor: DbExecutor, scope: IdempotencyScope): Promise<StoredIdempotencyKey | undefined> {
      return executor
        .selectFrom('idempotency_keys')
        .select(['request_hash as requestHash', 'status_code as statusCode', 'response_body as responseBody'])
        .where(isScope(scope))
        .executeTakeFirst();
    },

    async complete(
      executor: DbExecutor,
      scope: IdempotencyScope,
      answer: { statusCode: number; responseBody: unknown },
    ): Promise<void> {
      await executor
        .updateTable('idempotency_keys')
        .set({ status_code: answer.statusCode, response_body: JSON.stringify(answer.responseBody) })
        .where(isScope(scope))
        .execute();
    },

    async release(executor: DbExecutor, scope: IdempotencyScope): Promise<void> {
      await executor.deleteFrom('idempotency_keys').where(isScope(scope)).execute();
    },

    async deleteExpired(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

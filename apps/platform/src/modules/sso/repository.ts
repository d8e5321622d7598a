import type { DbExecutor } from '../../db/schema.ts';
import type { IdentityLinkMethod, SsoTransactionRow, UserIdentityRow } from './table.ts';

export interface NewSsoTransaction {
  stateHash: string;
  issuer: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewUserIdentity {
  issuer: string;
  subject: string;
  userId: string;
  linkedBy: IdentityLinkMethod;
  now: Date;
}

/** Every query of the single sign-on module. */
export function createSsoRepository() {
  return {
    async insertTransaction(executor: DbExecutor, transaction: NewSsoTransaction): Promise<void> {
      await executor
        .insertInto('sso_transactions')
        .values({
          state_hash: transaction.stateHash,
          issuer: transaction.issuer,
          redirect_uri: transaction.redirectUri,
          code_verifier: transaction.codeVerifier,
          nonce: transaction.nonce,
          created_at: transaction.createdAt,
          expires_at: transaction.expiresAt,
        })
        .execute();
    },

    /** Expired transactions can never be spent: drop them so the table stays small. */
    async deleteExpiredTransactions(executor: DbExecutor, now: Date): Promise<number> {
      const result = await executor
        .deleteFrom('sso_transactions')
        .where('expires_at', '<', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Marks the transaction used in one conditional statement, so two exchanges racing with the
     * same state can't both get it. Undefined when it is unknown or already used.
     */
    spendTransaction(
      executor: DbExecutor,
      stateHash: string,
      now: Date,
    ): Promise<SsoTransactionRow | undefined> {
      return executor
        .updateTable('sso_transactions')
        .set({ used_at: now })
        .where('state_hash', '=', stateHash)
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    async isTransactionUsed(executor: DbExecutor, stateHash: string): Promise<boolean> {
      const row = await executor
        .selectFrom('sso_transactions')
        .select('used_at')
        .where('state_hash', '=', stateHash)
        .executeTakeFirst();
      return row !== undefined && row.used_at !== null;
    },

    findIdentity(
      executor: DbExecutor,
      issuer: string,
      subject: string,
    ): Promise<UserIdentityRow | undefined> {
      return executor
        .selectFrom('user_identities')
        .selectAll()
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .executeTakeFirst();
    },

    /** False when another sign-in linked the same identity first. */
    async insertIdentity(executor: DbExecutor, identity: NewUserIdentity): Promise<boolean> {
      const result = await executor
        .insertInto('user_identities')
        .values({
          issuer: identity.issuer,
          subject: identity.subject,
          user_id: identity.userId,
          linked_by: identity.linkedBy,
          created_at: identity.now,
          last_login_at: identity.now,
        })
        .onConflict((conflict) => conflict.columns(['issuer', 'subject']).doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },

    async touchIdentity(executor: DbExecutor, identityId: number, now: Date): Promise<void> {
      await executor
        .updateTable('user_identities')
        .set({ last_login_at: now })
        .where('identity_id', '=', identityId)
        .execute();
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

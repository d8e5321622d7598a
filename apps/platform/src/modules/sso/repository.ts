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

    listIdentitiesOfUser(executor: DbExecutor, userId: string): Promise<UserIdentityRow[]> {
      return executor
        .selectFrom('user_identities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('issuer')
        .orderBy('subject')
        .execute();
    },

    /** The identities of the user at this issuer other than `subject`, removed; answers them. */
    deleteOtherIdentitiesAtIssuer(
      executor: DbExecutor,
      userId: string,
      issuer: string,
      subject: string,
    ): Promise<Array<Pick<UserIdentityRow, 'subject' | 'linked_by'>>> {
      return executor
        .deleteFrom('user_identities')
        .where('user_id', '=', userId)
        .where('issuer', '=', issuer)
        .where('subject', '<>', subject)
        .returning(['subject', 'linked_by'])
        .execute();
    },

    /** A second link of the same identity (a race) fails on the unique key. */
    insertAdministratorLink(
      executor: DbExecutor,
      link: { issuer: string; subject: string; userId: string; now: Date },
    ): Promise<UserIdentityRow> {
      return executor
        .insertInto('user_identities')
        .values({
          issuer: link.issuer,
          subject: link.subject,
          user_id: link.userId,
          linked_by: 'administrator',
          created_at: link.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async setLinkMethod(
      executor: DbExecutor,
      identityId: number,
      linkedBy: IdentityLinkMethod,
    ): Promise<void> {
      await executor
        .updateTable('user_identities')
        .set({ linked_by: linkedBy })
        .where('identity_id', '=', identityId)
        .execute();
    },

    /** The link of this user, removed; undefined when the user has no such link. */
    deleteIdentityOfUser(
      executor: DbExecutor,
      userId: string,
      issuer: string,
      subject: string,
    ): Promise<Pick<UserIdentityRow, 'linked_by'> | undefined> {
      return executor
        .deleteFrom('user_identities')
        .where('user_id', '=', userId)
        .where('issuer', '=', issuer)
        .where('subject', '=', subject)
        .returning('linked_by')
        .executeTakeFirst();
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

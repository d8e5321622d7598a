import type { ColumnType, Generated, Selectable } from 'kysely';
import type { IdentityLinkMethod } from '@web-control/contract/sso';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

/** One started sign-on, keyed by the SHA-256 of its state; spent by the code exchange. */
export interface SsoTransactionsTable {
  state_hash: string;
  issuer: string;
  redirect_uri: string;
  code_verifier: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** Links once made by preferred_username, a claim the user controls, were dropped by migration 0006. */
export type { IdentityLinkMethod };
/** An external identity (issuer and subject) and the platform user it signs in as. */
export interface UserIdentitiesTable {
  identity_id: Generated<number>;
  issuer: string;
  subject: string;
  user_id: string;
  linked_by: IdentityLinkMethod;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  last_login_at: NullableTimestamp;
}

export interface SsoTables {
  sso_transactions: SsoTransactionsTable;
  user_identities: UserIdentitiesTable;
}

export type SsoTransactionRow = Selectable<SsoTransactionsTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;

import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in (now()) unless given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PermissionsTable {
  permission_id: Generated<number>;
  name: string;
}

export interface RolesTable {
  role_id: Generated<number>;
  name: string;
  /** Raised by every change of the role: a save against an older version is refused. */
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UsersTable {
  user_id: Generated<string>;
  username: string;
  email: string | null;
  msisdn: string | null;
  /** Null until the user follows their enrolment link. */
  password_hash: string | null;
  role_id: number | null;
  failed_login_count: Generated<number>;
  locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled: Generated<boolean>;
  /** Raised whenever the user's permissions change: access tokens carrying an older one stop working. */
  authz_version: Generated<number>;
  /** Raised by every administrator's edit of the user: a save against an older version is refused. */
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface RefreshTokensTable {
  token_id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: string;
  /** When the family's first token was issued (the sign-in): the absolute session lifetime counts from it. */
  family_started_at: Timestamp;
  issued_at: Timestamp;
  expires_at: Timestamp;
  /**
   * The session's last authenticated request (a refresh is none), written at most once a
   * SESSION_ACTIVITY_WRITE_MS; a rotated token takes its predecessor's.
   */
  last_active_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export const PASSWORD_TOKEN_PURPOSES = ['reset', 'enrolment'] as const;
export type PasswordTokenPurpose = (typeof PASSWORD_TOKEN_PURPOSES)[number];

export interface PasswordTokensTable {
  token_id: Generated<number>;
  token_hash: string;
  purpose: PasswordTokenPurpose;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The hashes of a user's earlier passwords (a replaced password moves here). */
export interface PasswordHistoryTable {
  entry_id: Generated<number>;
  user_id: string;
  password_hash: string;
  replaced_at: Timestamp;
}

export interface AuthTables {
  permissions: PermissionsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_tokens: PasswordTokensTable;
  password_history: PasswordHistoryTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

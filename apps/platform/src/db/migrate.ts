import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as authAndAudit from './migrations/0001-auth-and-audit.ts';
import * as passwordTokens from './migrations/0002-password-tokens.ts';
import * as ssoIdentities from './migrations/0003-sso-identities.ts';
import * as switchTopology from './migrations/0004-switch-topology.ts';
import * as transactions from './migrations/0005-transactions.ts';
import * as idempotencyKeys from './migrations/0006-idempotency-keys.ts';
import * as approvals from './migrations/0007-approvals.ts';

import * as sessionHardening from './migrations/0008-session-hardening.ts';
import * as editVersions from './migrations/0009-edit-versions.ts';
import * as finance from './migrations/0010-finance.ts';
import * as financeJobs from './migrations/0011-finance-jobs.ts';
import * as vouchers from './migrations/0012-vouchers.ts';
import * as configMaps from './migrations/0013-config-maps.ts';
import * as financeResults from './migrations/0014-finance-results.ts';
import * as financeListIndexes from './migrations/0016-finance-list-indexes.ts';
import * as reconTransactionCounts from './migrations/0017-recon-transaction-counts.ts';
import * as configMapChangeIndexes from './migrations/0018-config-map-change-indexes.ts';
import * as unsettledPendingIndex from './migrations/0019-unsettled-pending-index.ts';
import * as reconListCounts from './migrations/0020-recon-list-counts.ts';
import * as fileLoadErrors from './migrations/0021-file-load-errors.ts';
import * as reviewAuthors from './migrations/0022-review-authors.ts';
import * as sessionActivity from './migrations/0023-session-activity.ts';
import * as reconFieldDisplay from './migrations/0024-recon-field-display.ts';
import * as configMapNames from './migrations/0025-config-map-names.ts';
import * as fileChunks from './migrations/0026-file-chunks-and-staged-loads.ts';
import * as transactionStanAndCard from './migrations/0030-transaction-stan-and-card.ts';
import * as exportTokens from './migrations/0032-export-tokens.ts';
import * as transactionsByDay from './migrations/0033-transactions-by-day.ts';
import * as typedValueIndexes from './migrations/0035-typed-value-indexes.ts';
import * as oneDownloadTokensTable from './migrations/0036-one-download-tokens-table.ts';
import * as financeCascadesByStatement from './migrations/0037-finance-cascades-by-statement.ts';
import * as actionTransactionsByTransaction from './migrations/0038-action-transactions-by-transaction.ts';
import * as auditLogUserAnyCase from './migrations/0039-audit-log-user-any-case.ts';
import * as reconFilesSameContent from './migrations/0040-recon-files-same-content.ts';
import type { Db } from './schema.ts';

/** Listed by hand: a static list survives bundling and never picks up a stray file. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-auth-and-audit': authAndAudit,
  '0002-password-tokens': passwordTokens,
  '0003-sso-identities': ssoIdentities,
  '0004-switch-topology': switchTopology,
  '0005-transactions': transactions,
  '0006-idempotency-keys': idempotencyKeys,
  '0007-approvals': approvals,

  '0008-session-hardening': sessionHardening,
  '0009-edit-versions': editVersions,
  '0010-finance': finance,
  '0011-finance-jobs': financeJobs,
  '0012-vouchers': vouchers,
  '0013-config-maps': configMaps,
  '0014-finance-results': financeResults,
  '0016-finance-list-indexes': financeListIndexes,
  '0017-recon-transaction-counts': reconTransactionCounts,
  '0018-config-map-change-indexes': configMapChangeIndexes,
  '0019-unsettled-pending-index': unsettledPendingIndex,
  '0020-recon-list-counts': reconListCounts,
  '0021-file-load-errors': fileLoadErrors,
  '0022-review-authors': reviewAuthors,
  '0023-session-activity': sessionActivity,
  '0024-recon-field-display': reconFieldDisplay,
  '0025-config-map-names': configMapNames,
  '0026-file-chunks-and-staged-loads': fileChunks,
  '0030-transaction-stan-and-card': transactionStanAndCard,
  '0032-export-tokens': exportTokens,
  '0033-transactions-by-day': transactionsByDay,
  '0035-typed-value-indexes': typedValueIndexes,
  '0036-one-download-tokens-table': oneDownloadTokensTable,
  '0037-finance-cascades-by-statement': financeCascadesByStatement,
  '0038-action-transactions-by-transaction': actionTransactionsByTransaction,
  '0039-audit-log-user-any-case': auditLogUserAnyCase,
  '0040-recon-files-same-content': reconFilesSameContent,
};

const STATIC_PROVIDER: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** The migrations this code expects that the database has not run (read from Kysely's own table). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const table = await sql<{ found: string | null }>`select to_regclass('kysely_migration') as found`.execute(
    db,
  );
  if (table.rows[0]?.found == null) {
    return Object.keys(MIGRATIONS);
  }
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((row) => row.name));
  return Object.keys(MIGRATIONS).filter((name) => !applied.has(name));
}

/**
 * Brings the schema to the latest migration, or up (or down) to the one named (the retention
 * bench fills the tables as they were before a migration); throws with the failing one's name.
 */
export async function migrateToLatest(db: Db, target?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: STATIC_PROVIDER });
  const { error, results = [] } =
    target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

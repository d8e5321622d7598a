import type { Kysely, Transaction } from 'kysely';
import type { ApprovalsTables } from '../modules/approvals/table.ts';
import type { AppSettingsTables } from '../modules/app-settings/table.ts';
import type { AuditTables } from '../modules/audit/table.ts';
import type { AuthTables } from '../modules/auth/table.ts';
import type { ConfigMapsTables } from '../modules/config-maps/table.ts';
import type { DownloadTokensTables } from '../modules/download-tokens/table.ts';
import type { FinanceTables } from '../modules/finance/table.ts';
import type { LoadBalancerTables } from '../modules/load-balancer/table.ts';
import type { MonitoringTables } from '../modules/monitoring/table.ts';
import type { SsoTables } from '../modules/sso/table.ts';
import type { TransactionsTables } from '../modules/transactions/table.ts';
import type { VouchersTables } from '../modules/vouchers/table.ts';
import type { IdempotencyTables } from '../plugins/idempotency-table.ts';

/** Every table, composed from each module's own table types. */
export interface Database
  extends
    AuthTables,
    AuditTables,
    AppSettingsTables,
    SsoTables,
    MonitoringTables,
    LoadBalancerTables,
    TransactionsTables,
    IdempotencyTables,
    ApprovalsTables,
    FinanceTables,
    VouchersTables,
    ConfigMapsTables,
    DownloadTokensTables {}

export type Db = Kysely<Database>;
/** A query runner: the database itself or an open transaction. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;

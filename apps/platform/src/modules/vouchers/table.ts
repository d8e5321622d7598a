import type { ColumnType, Generated } from 'kysely';
import type { VoucherAction, VoucherState } from '@web-control/contract/vouchers';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
// bigint: pg hands it back as a string, PGlite as a number.
type BigIntColumn = ColumnType<string | number, number | string, number | string>;
type NullableBigInt = ColumnType<string | number | null, number | string | null, number | string | null>;

export interface VouchersTable {
  id: ColumnType<string | number, number | string | undefined, never>;
  reference: string;
  customer_id: string;
  state: VoucherState;
  currency: string;
  amount_minor: BigIntColumn;
  /** What can still be redeemed: an authorised redemption has already taken its amount. */
  balance_minor: BigIntColumn;
  recipient_id: string | null;
  datetime_created: Timestamp;
  datetime_modified: Timestamp;
  /** The newest event number: a change that opens an event takes the next one. */
  last_event: Generated<number>;
}

export interface VoucherTransitionsTable {
  id: Generated<string | number>;
  voucher_id: number | string;
  event: number;
  state: VoucherState;
  action: VoucherAction;
  action_description: string;
  datetime_updated: Timestamp;
  event_amount_minor: NullableBigInt;
  remaining_minor: BigIntColumn;
  authorisation_id: string | null;
  username: string | null;
  support_id: string | null;
}

export type VoucherPaymentKind = 'PURCHASE' | 'REDEMPTION';

export interface VoucherPaymentsTable {
  voucher_id: number | string;
  event: number;
  kind: VoucherPaymentKind;
  amount_minor: BigIntColumn;
  datetime_created: Timestamp;
  merchant_id: string;
  terminal_id: string;
  merchant_name: string;
  city: string;
  region: string;
  recipient_id: string | null;
  authorisation_id: string | null;
}

export interface VouchersTables {
  vouchers: VouchersTable;
  voucher_transitions: VoucherTransitionsTable;
  voucher_payments: VoucherPaymentsTable;
}

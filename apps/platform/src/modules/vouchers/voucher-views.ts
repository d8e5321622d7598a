import type {
  Money,
  OrderDetailResponse,
  PaymentInfo,
  SenderOrder,
  VouchersQuery,
} from '@web-control/contract/vouchers';
import type { VoucherPaymentRow, VoucherRow, VoucherSearch, VoucherTransitionRow } from './repository.ts';

function money(minor: string | number, currency: string): Money {
  return { amount: Number(minor), currency };
}

/** The search's query as the repository's search. */
export function voucherSearchOf(query: VouchersQuery): VoucherSearch {
  return {
    offset: query.offset,
    limit: query.limit,
    reference: query.orderReference,
    createdFrom: query.fromDatetime === undefined ? undefined : new Date(query.fromDatetime),
    createdTo: query.toDatetime === undefined ? undefined : new Date(query.toDatetime),
    modifiedFrom:
      query.fromLastModifiedDatetime === undefined ? undefined : new Date(query.fromLastModifiedDatetime),
    modifiedTo:
      query.toLastModifiedDatetime === undefined ? undefined : new Date(query.toLastModifiedDatetime),
  };
}

export function orderOf(row: VoucherRow): SenderOrder {
  return {
    reference: row.reference,
    customerId: row.customer_id,
    state: row.state,
    datetimeCreated: row.datetime_created.toISOString(),
    datetimeModified: row.datetime_modified.toISOString(),
    amount: money(row.balance_minor, row.currency),
  };
}

function paymentInfoOf(row: VoucherPaymentRow): PaymentInfo {
  return {
    originator: { merchant: { merchantId: row.merchant_id }, terminalId: row.terminal_id },
    merchantName: { name: row.merchant_name, city: row.city, region: row.region },
    recipientId: row.recipient_id,
    authorisationId: row.authorisation_id,
  };
}

export function detailOf(
  voucher: VoucherRow,
  transitions: readonly VoucherTransitionRow[],
  payments: readonly VoucherPaymentRow[],
): OrderDetailResponse {
  const purchase = payments.find((payment) => payment.kind === 'PURCHASE');
  if (purchase === undefined) {
    throw new Error(`Voucher ${voucher.reference} has no purchase`);
  }
  return {
    order: orderOf(voucher),
    stateTransitions: [...transitions].reverse().map((transition) => ({
      id: Number(transition.id),
      event: transition.event,
      state: transition.state,
      action: transition.action,
      actionDescription: transition.action_description,
      datetimeUpdated: transition.datetime_updated.toISOString(),
      eventAmount:
        transition.event_amount_minor === null
          ? null
          : money(transition.event_amount_minor, voucher.currency),
      remainingOrderAmount: money(transition.remaining_minor, voucher.currency),
      authorisationId: transition.authorisation_id,
      username: transition.username,
      supportId: transition.support_id,
    })),
    payment: paymentInfoOf(purchase),
    payouts: payments
      .filter((payment) => payment.kind === 'REDEMPTION')
      .reverse()
      .map((payment) => ({
        ...paymentInfoOf(payment),
        event: payment.event,
        amount: money(payment.amount_minor, voucher.currency),
        datetimeAuthorised: payment.datetime_created.toISOString(),
      })),
  };
}

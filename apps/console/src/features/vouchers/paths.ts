export const VOUCHERS_PATH = '/dashboard/vouchers';
/** The transactions area's trace page; a redemption's authorisation id names its transaction. */
const TRANSACTIONS_PATH = '/dashboard/transactions';

export function voucherPath(reference: string): string {
  return `${VOUCHERS_PATH}/${encodeURIComponent(reference)}`;
}

export function transactionTracePath(authorisationId: string): string {
  return `${TRANSACTIONS_PATH}/${encodeURIComponent(authorisationId)}`;
}

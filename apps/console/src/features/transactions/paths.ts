export const TRANSACTIONS_PATH = '/dashboard/transactions';

/** The trace page of a transaction leg: the list, the leg arrows and the command palette link here. */
export function transactionPath(uuid: string): string {
  return `${TRANSACTIONS_PATH}/${encodeURIComponent(uuid)}`;
}

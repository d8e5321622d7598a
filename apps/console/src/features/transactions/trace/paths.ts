/** The trace page of a transaction leg; the command palette links here too. */
export function transactionMessagesPath(uuid: string): string {
  return `/dashboard/transactions/${encodeURIComponent(uuid)}`;
}

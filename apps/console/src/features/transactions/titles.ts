export const TRANSACTIONS_TITLE = 'Transactions';

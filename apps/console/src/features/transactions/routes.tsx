// The area's lazily loaded route module: one chunk for its screens.
export { TransactionsPage } from './list/transactions-page';
export { TransactionMessagesPage } from './trace/transaction-messages-page';

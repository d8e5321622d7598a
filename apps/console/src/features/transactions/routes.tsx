import { AreaPendingPage } from '../../shared/ui/area-pending-page';

export function TransactionsPage() {
  return <AreaPendingPage title="Transactions" />;
}

export function TransactionMessagesPage() {
  return <AreaPendingPage title="Transaction Messages" />;
}

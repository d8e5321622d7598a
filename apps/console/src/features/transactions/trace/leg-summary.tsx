import type { TransactionLegResponse } from '@web-control/contract/transactions';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { DetailsTable, type DetailRow } from '../../../shared/ui/details-table';
import { StatePill } from '../../../shared/ui/state-pill';
import { stateKind } from '../transaction-state';

/** The leg and the transaction it belongs to, as name/value rows. */
export function LegSummary({ leg }: { leg: TransactionLegResponse }) {
  const { transactionLeg, transaction } = leg;
  const rows: DetailRow[] = [
    ['Trace ID', transactionLeg.uuid],
    ['State', <StatePill key="state" label={transactionLeg.state} kind={stateKind(transactionLeg.state)} />],
    ['Reference', transaction.referenceNumber],
    ['Service', transaction.serviceDesc],
    ['Receiver', transaction.receiver ?? '–'],
    ['Originator', transaction.originatorId],
    ['Started', formatDateTimeSeconds(transaction.timeStarted)],
    [
      'Completed',
      transaction.timeCompleted === null ? '–' : formatDateTimeSeconds(transaction.timeCompleted),
    ],
  ];
  return <DetailsTable rows={rows} label="Leg summary" />;
}

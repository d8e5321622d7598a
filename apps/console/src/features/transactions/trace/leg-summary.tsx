import { Table } from '@mantine/core';
import type { TransactionLegResponse } from '@web-control/contract/transactions';
import type { ReactNode } from 'react';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { StatePill } from '../../../shared/ui/state-pill';
import { stateKind } from '../transaction-state';

/** The leg and the transaction it belongs to, as name/value rows. */
export function LegSummary({ leg }: { leg: TransactionLegResponse }) {
  const { transactionLeg, transaction } = leg;
  const rows: [string, ReactNode][] = [
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
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Leg summary">
      <Table.Tbody>
        {rows.map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" w={140}>
              {name}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

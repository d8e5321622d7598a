import type { Transaction } from '@web-control/contract/transactions';
import type { KeyboardEvent, ReactNode } from 'react';
import { formatDateTime } from '../../../shared/format/dates';
import { StatePill } from '../../../shared/ui/state-pill';
import { stateKind } from '../transaction-state';
import { TransactionDetails } from './transaction-details';
import classes from './transactions-list.module.css';

const COLUMNS = ['Time started', 'Reference', 'Service', 'Receiver', 'Originator', 'State'] as const;
type Column = (typeof COLUMNS)[number];

function cellsOf(transaction: Transaction): Record<Column, ReactNode> {
  return {
    'Time started': formatDateTime(transaction.timeStarted),
    Reference: transaction.referenceNumber,
    Service: transaction.serviceDesc,
    Receiver: transaction.receiver ?? '–',
    Originator: transaction.originatorId,
    State: <StatePill label={transaction.tranState} kind={stateKind(transaction.tranState)} />,
  };
}

// A click that ends a text selection was for copying, not for opening the row.
function isSelectingText(): boolean {
  return (window.getSelection()?.toString() ?? '') !== '';
}

interface TransactionRowProps {
  transaction: Transaction;
  expanded: boolean;
  onToggle: (uuid: string) => void;
}

function TransactionRow({ transaction, expanded, onToggle }: TransactionRowProps) {
  const detailsId = `transaction-details-${transaction.uuid}`;
  const cells = cellsOf(transaction);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onToggle(transaction.uuid);
  };
  return (
    <li className={classes.item}>
      <div
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        aria-controls={expanded ? detailsId : undefined}
        className={`${classes.columns} ${classes.row}`}
        onClick={() => {
          if (!isSelectingText()) onToggle(transaction.uuid);
        }}
        onKeyDown={onKeyDown}
      >
        {COLUMNS.map((column) => (
          <div key={column}>
            <span className={classes.label}>{`${column}:`}</span> {cells[column]}
          </div>
        ))}
      </div>
      {expanded ? <TransactionDetails id={detailsId} transaction={transaction} /> : null}
    </li>
  );
}

interface TransactionsListProps {
  transactions: Transaction[];
  selectedUuid: string | null;
  onToggle: (uuid: string) => void;
}

/** One row per transaction; a row opens and closes its details by click, Enter or Space. */
export function TransactionsList({ transactions, selectedUuid, onToggle }: TransactionsListProps) {
  return (
    <div>
      {/* Each row names its values for screen readers, and for the eye on narrow screens, where these headings hide. */}
      <div className={`${classes.columns} ${classes.header}`} aria-hidden>
        {COLUMNS.map((column) => (
          <div key={column}>{column}</div>
        ))}
      </div>
      <ul className={classes.list} aria-label="Transactions">
        {transactions.map((transaction) => (
          <TransactionRow
            key={transaction.uuid}
            transaction={transaction}
            expanded={transaction.uuid === selectedUuid}
            onToggle={onToggle}
          />
        ))}
      </ul>
    </div>
  );
}

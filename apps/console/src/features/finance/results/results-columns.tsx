import type { ProcessDefinition, ProcessField, ReconTransaction } from '@web-control/contract/finance';
import { FIXED_FIELDS } from '@web-control/contract/finance-results';
import type { Can } from '../../../shared/session/permissions';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { formatFieldValue } from '../components/field-value';
import {
  CORRECT_PARTY_MARK,
  FIXED_COLUMN_HEADERS,
  MATCH_STATUS_LABELS,
  SETTLEMENT_STATUS_LABELS,
} from './constants';
import type { FilterField } from './filter-rows';

type DisplayedMatch = keyof typeof MATCH_STATUS_LABELS;

/** A MATCHED transaction scored below 100 shows as partially matched (section 4). */
export function displayedMatchOf(transaction: ReconTransaction): DisplayedMatch {
  return transaction.matchStatus === 'MATCHED' && transaction.score < 100
    ? 'PARTIALLY_MATCHED'
    : transaction.matchStatus;
}

const MATCH_KINDS: Record<DisplayedMatch, StateKind> = {
  MATCHED: 'success',
  PARTIALLY_MATCHED: 'incomplete',
  UNMATCHED: 'error',
  REJECTED: 'unavailable',
};

const SETTLEMENT_KINDS: Record<ReconTransaction['settlementStatus'], StateKind> = {
  PENDING: 'info',
  ISSUE: 'error',
  SETTLED: 'success',
};

export function isMultiParty(process: ProcessDefinition): boolean {
  return Object.keys(process.parties).length > 1;
}

function primaryRecords(transaction: ReconTransaction) {
  return transaction.records.filter((record) => record.type === 'PRIMARY');
}

/**
 * A field's value as shown: one when the parties agree; otherwise each distinct value with the
 * parties that reported it ("R 870.00 (Switch) / R 871.00 (Acquiring bank, Card network)"), so a
 * resolve can name the correct party from what it sees. Once resolved, the correct party's value
 * comes first and says so: it is the one that settles.
 */
export function fieldValueOf(
  transaction: ReconTransaction,
  field: ProcessField,
  parties: ProcessDefinition['parties'],
): string {
  const partiesByValue = new Map<string, string[]>();
  const correctParty =
    transaction.correctPartyId == null
      ? undefined
      : (parties[String(transaction.correctPartyId)] ?? String(transaction.correctPartyId));
  let correctValue: string | undefined;
  for (const record of primaryRecords(transaction)) {
    const value = formatFieldValue(field, record);
    if (value === '') continue;
    const party = parties[String(record.partyId)] ?? String(record.partyId);
    partiesByValue.set(value, [...(partiesByValue.get(value) ?? []), party]);
    if (record.partyId === transaction.correctPartyId) correctValue = value;
  }
  if (partiesByValue.size <= 1) return [...partiesByValue.keys()].join('');
  const shown = [...partiesByValue].map(([value, names]) =>
    value === correctValue
      ? { first: true, text: `${value} (${correctNote(names, correctParty ?? '')})` }
      : { first: false, text: `${value} (${names.join(', ')})` },
  );
  return [...shown.filter((each) => each.first), ...shown.filter((each) => !each.first)]
    .map((each) => each.text)
    .join(' / ');
}

/** "Acquiring bank, marked correct"; shared with others, "Switch, Card network; Switch marked correct". */
function correctNote(names: readonly string[], correctParty: string): string {
  return names.length === 1
    ? `${correctParty}, ${CORRECT_PARTY_MARK}`
    : `${names.join(', ')}; ${correctParty} ${CORRECT_PARTY_MARK}`;
}

/** What a field sorts by: the records' values as loaded. */
function sortValueOf(transaction: ReconTransaction, field: ProcessField): string {
  return primaryRecords(transaction)
    .map((record) => record.fields[field.name] ?? '')
    .join(' / ');
}

/**
 * The grid's columns: id, matchStatus, settlementStatus, score, party and the process's fields.
 * Matched, Party and Settlement only with more than one party; Settlement also needs RECON_SETTLEMENT.
 */
export function resultsColumns(process: ProcessDefinition, can: Can): DataTableColumn<ReconTransaction>[] {
  const multiParty = isMultiParty(process);
  const columns: DataTableColumn<ReconTransaction>[] = [
    {
      id: 'id',
      header: FIXED_COLUMN_HEADERS.id,
      rowHeader: true,
      cell: (transaction) => transaction.id,
      sortValue: (transaction) => Number(transaction.id),
    },
  ];
  if (multiParty) {
    columns.push({
      id: 'matchStatus',
      header: FIXED_COLUMN_HEADERS.matchStatus,
      cell: (transaction) => {
        const shown = displayedMatchOf(transaction);
        return <StatePill label={MATCH_STATUS_LABELS[shown]} kind={MATCH_KINDS[shown]} />;
      },
      sortValue: (transaction) => transaction.matchStatus,
    });
  }
  if (multiParty && can('RECON_SETTLEMENT')) {
    columns.push({
      id: 'settlementStatus',
      header: FIXED_COLUMN_HEADERS.settlementStatus,
      cell: (transaction) => (
        <StatePill
          label={SETTLEMENT_STATUS_LABELS[transaction.settlementStatus]}
          kind={SETTLEMENT_KINDS[transaction.settlementStatus]}
        />
      ),
      sortValue: (transaction) => transaction.settlementStatus,
    });
  }
  columns.push({
    id: 'score',
    header: FIXED_COLUMN_HEADERS.score,
    align: 'right',
    cell: (transaction) => `${transaction.score}%`,
    sortValue: (transaction) => transaction.score,
  });
  if (multiParty) {
    columns.push({
      id: 'party',
      header: FIXED_COLUMN_HEADERS.party,
      cell: (transaction) =>
        primaryRecords(transaction)
          .map((record) => process.parties[String(record.partyId)] ?? String(record.partyId))
          .join(', '),
    });
  }
  for (const field of process.fields) {
    columns.push({
      id: field.name,
      header: field.displayName,
      align: field.type === 'INTEGRAL' ? 'right' : undefined,
      cell: (transaction) => fieldValueOf(transaction, field, process.parties),
      sortValue: (transaction) => sortValueOf(transaction, field),
    });
  }
  return columns;
}

const FIXED_FILTER_LABELS: Record<keyof typeof FIXED_FIELDS, string> = {
  id: 'ID',
  score: 'Score',
  createdDateTime: 'Created',
};

/** What the filter rows offer: the fixed fields the platform filters, then the process's fields. */
export function filterFieldsOf(process: ProcessDefinition): (FilterField & { label: string })[] {
  const fixed = (Object.keys(FIXED_FIELDS) as (keyof typeof FIXED_FIELDS)[]).map((name) => ({
    name,
    type: FIXED_FIELDS[name],
    label: FIXED_FILTER_LABELS[name],
  }));
  return [
    ...fixed,
    ...process.fields.map((field) => ({
      name: field.name,
      type: field.type,
      label: field.displayName,
      money: field.money !== null,
    })),
  ];
}

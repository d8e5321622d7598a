import { transactionsQuerySchema, type TransactionsQuery } from '@web-control/contract/transactions';
import type { Db } from '../../db/schema.ts';
import { streamInKeysetPages } from '../../db/keyset-pages.ts';
import { isoOf } from '../exports/cursor.ts';
import type { ExportDefinition } from '../exports/service.ts';
import { filteredTransactions } from './repository.ts';
import { transactionFilterOf } from './service.ts';

/**
 * The transactions list's filter as CSV, newest first: the list's columns, the time as ISO 8601
 * UTC. The list's query is taken as it is; its page (offset, latestRecord) is not read.
 */
export function createTransactionsExport(db: Db): ExportDefinition<TransactionsQuery> {
  return {
    permissions: ['VIEW_TRANSACTIONS'],
    querySchema: transactionsQuerySchema,
    fileName: 'transactions.csv',
    header: ['Time started', 'Reference', 'Service', 'Receiver', 'Originator', 'State'],
    writeRows: async (query, _exporter, write) => {
      const legs = filteredTransactions(db, transactionFilterOf(query)).select([
        'time_started',
        'reference_number',
        'service_desc',
        'receiver_name',
        'originator_id',
        'tran_state',
      ]);
      await streamInKeysetPages(legs, { columns: ['time_started', 'seq'], direction: 'desc' }, (rows) =>
        write(
          rows.map((row) => [
            isoOf(row.time_started),
            row.reference_number,
            row.service_desc,
            row.receiver_name ?? '',
            row.originator_id,
            row.tran_state,
          ]),
        ),
      );
    },
  };
}

import {
  vouchersQuerySchema,
  VOUCHER_VIEW_PERMISSIONS,
  type VouchersQuery,
} from '@web-control/contract/vouchers';
import type { Db } from '../../db/schema.ts';
import { streamInKeysetPages } from '../../db/keyset-pages.ts';
import { isoOf } from '../exports/cursor.ts';
import type { ExportDefinition } from '../exports/service.ts';
import { matchingVouchers, voucherOrderOf } from './repository.ts';
import { voucherSearchOf } from './voucher-views.ts';

/**
 * The voucher search as CSV in the search's order: its columns, dates as ISO 8601 UTC. The
 * search's query is taken as it is; its page (offset, limit) is not read.
 */
export function createVouchersExport(db: Db): ExportDefinition<VouchersQuery> {
  return {
    permissions: VOUCHER_VIEW_PERMISSIONS,
    querySchema: vouchersQuerySchema,
    fileName: 'vouchers.csv',
    header: ['Reference Number', 'Date Last Modified', 'Date Created', 'Status'],
    writeRows: async (query, _exporter, write) => {
      const search = voucherSearchOf(query);
      const column = voucherOrderOf(search);
      const vouchers = matchingVouchers(db, search).select([
        'reference',
        'datetime_modified',
        'datetime_created',
        'state',
      ]);
      await streamInKeysetPages(vouchers, { columns: [column, 'id'], direction: 'desc' }, (rows) =>
        write(
          rows.map((row) => [
            row.reference,
            isoOf(row.datetime_modified),
            isoOf(row.datetime_created),
            row.state,
          ]),
        ),
      );
    },
  };
}

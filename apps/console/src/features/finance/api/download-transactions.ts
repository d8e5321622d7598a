import type { ReconSelection } from '@web-control/contract/finance-results';
import { download } from '../../../shared/http/http-client';
import { reconQueryParams } from './get-recon-transactions';

/** Every transaction of the current query as CSV, whatever the page (Download All). */
export function downloadTransactions(processId: number, selection: ReconSelection): Promise<string> {
  return download({
    api: 'reconApi',
    path: `/processes/${processId}/transactions/download`,
    query: reconQueryParams(selection),
  });
}

import {
  transactionsResponseSchema,
  type TransactionsQuery,
  type TransactionsResponse,
} from '@web-control/contract/transactions';
import { request } from '../../../shared/http/http-client';

/**
 * One page of transactions. The list page drives it from its own state rather than a query: a
 * foreground load clears the list, a background refresh keeps it, and later pages depend on the
 * first page's newest row (see list/transactions-page-state.ts).
 */
export function getTransactions(
  query: TransactionsQuery,
  signal?: AbortSignal,
): Promise<TransactionsResponse> {
  return request({ api: 'ecsApi', path: '/transactions', query, schema: transactionsResponseSchema, signal });
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  encodeReconQuery,
  reconResultsResponseSchema,
  type ReconQuery,
  type ReconResultsResponse,
  type ReconSelection,
} from '@web-control/contract/finance-results';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

/** The contract's one encoding as the http client's query (a repeated key keeps its order). */
export function reconQueryParams(query: Partial<ReconQuery> & ReconSelection): Record<string, string[]> {
  const params: Record<string, string[]> = {};
  for (const [key, value] of encodeReconQuery(query)) (params[key] ??= []).push(value);
  return params;
}

export function getReconTransactions(
  processId: number,
  query: ReconQuery,
  signal?: AbortSignal,
): Promise<ReconResultsResponse> {
  return request({
    api: 'reconApi',
    path: `/processes/${processId}/transactions`,
    query: reconQueryParams(query),
    schema: reconResultsResponseSchema,
    signal,
  });
}

export function reconTransactionsQuery(processId: number, query: ReconQuery) {
  return queryOptions({
    queryKey: financeKeys.transactionPage(processId, query),
    queryFn: ({ signal }) => getReconTransactions(processId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReconTransactions(processId: number, query: ReconQuery) {
  return useQuery(reconTransactionsQuery(processId, query));
}

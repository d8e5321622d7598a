import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconTransactionsResponseSchema, type PageQuery } from '@web-control/contract/finance';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export type ActionTransactions = z.infer<typeof reconTransactionsResponseSchema>;

export function getActionTransactions(
  processId: number,
  actionId: string,
  page: PageQuery,
  signal?: AbortSignal,
): Promise<ActionTransactions> {
  return request({
    api: 'reconApi',
    path: `/processes/${processId}/actions/${encodeURIComponent(actionId)}/transactions`,
    query: { offset: page.offset, limit: page.limit },
    schema: reconTransactionsResponseSchema,
    signal,
  });
}

export function actionTransactionsQuery(processId: number, actionId: string, page: PageQuery) {
  return queryOptions({
    queryKey: financeKeys.actionTransactions(processId, actionId, page),
    queryFn: ({ signal }) => getActionTransactions(processId, actionId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActionTransactions(processId: number, actionId: string, page: PageQuery) {
  return useQuery(actionTransactionsQuery(processId, actionId, page));
}

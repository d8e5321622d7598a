import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { settlementsResponseSchema, type SettlementsQuery } from '@web-control/contract/finance-settlements';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export type SettlementsPage = z.infer<typeof settlementsResponseSchema>;

export function getSettlements(query: SettlementsQuery, signal?: AbortSignal): Promise<SettlementsPage> {
  return request({
    api: 'reconApi',
    path: '/settlements',
    query: { ...query },
    schema: settlementsResponseSchema,
    signal,
  });
}

export function settlementsQuery(query: SettlementsQuery, enabled: boolean) {
  return queryOptions({
    queryKey: financeKeys.settlementPage(query),
    queryFn: ({ signal }) => getSettlements(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSettlements(query: SettlementsQuery, enabled = true) {
  return useQuery(settlementsQuery(query, enabled));
}

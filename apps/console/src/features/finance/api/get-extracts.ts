import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { extractsResponseSchema } from '@web-control/contract/finance-settlements';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import type { ExtractsRequest } from '../outbox/outbox-filters';
import { financeKeys } from './keys';

export type ExtractsPage = z.infer<typeof extractsResponseSchema>;

export function getExtracts(query: ExtractsRequest, signal?: AbortSignal): Promise<ExtractsPage> {
  return request({
    api: 'reconApi',
    path: '/extracts',
    query: { ...query },
    schema: extractsResponseSchema,
    signal,
  });
}

export function extractsQuery(query: ExtractsRequest) {
  return queryOptions({
    queryKey: financeKeys.extractPage(query),
    queryFn: ({ signal }) => getExtracts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false while the filters break a rule: nothing is asked. */
export function useExtracts(query: ExtractsRequest, enabled = true) {
  return useQuery({ ...extractsQuery(query), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  transactionLegResponseSchema,
  type TransactionLegResponse,
} from '@web-control/contract/transactions';
import { request } from '../../../shared/http/http-client';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { TRACE_REFRESH_MS } from '../trace/constants';
import { transactionKeys } from './keys';
import { asksAgain } from './trace-refresh';

export function getTransactionLeg(uuid: string, signal?: AbortSignal): Promise<TransactionLegResponse> {
  return request({
    api: 'transactionsApi',
    path: `/${encodeURIComponent(uuid)}`,
    schema: transactionLegResponseSchema,
    signal,
  });
}

export function transactionLegQuery(uuid: string) {
  return queryOptions({
    queryKey: transactionKeys.leg(uuid),
    queryFn: ({ signal }) => getTransactionLeg(uuid, signal),
    refetchInterval: TRACE_REFRESH_MS,
    enabled: asksAgain,
  });
}

export function useTransactionLeg(uuid: string) {
  return useQuery(useLiveQueryOptions(transactionLegQuery(uuid)));
}

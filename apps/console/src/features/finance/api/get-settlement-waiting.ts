import { queryOptions, useQuery } from '@tanstack/react-query';
import { settlementWaitingSchema, type SettlementWaiting } from '@web-control/contract/finance-settlements';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

/** The process's matched transactions that wait to settle in no run yet, and which run takes them. */
export function getSettlementWaiting(processId: number, signal?: AbortSignal): Promise<SettlementWaiting> {
  return request({
    api: 'reconApi',
    path: '/settlements/waiting',
    query: { processId },
    schema: settlementWaitingSchema,
    signal,
  });
}

/** The settlement job adds what waits every 5 minutes, and matches come in meanwhile: asked each minute. */
const WAITING_REFRESH_MS = 60_000;

export function settlementWaitingQuery(processId: number) {
  return queryOptions({
    queryKey: financeKeys.settlementWaiting(processId),
    queryFn: ({ signal }) => getSettlementWaiting(processId, signal),
    refetchInterval: WAITING_REFRESH_MS,
  });
}

export function useSettlementWaiting(processId: number) {
  return useQuery(settlementWaitingQuery(processId));
}

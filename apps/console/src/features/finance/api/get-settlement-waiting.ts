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

export function settlementWaitingQuery(processId: number) {
  return queryOptions({
    queryKey: financeKeys.settlementWaiting(processId),
    queryFn: ({ signal }) => getSettlementWaiting(processId, signal),
  });
}

export function useSettlementWaiting(processId: number) {
  return useQuery(settlementWaitingQuery(processId));
}

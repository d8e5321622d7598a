import { queryOptions, useQuery } from '@tanstack/react-query';
import { settlementDetailSchema, type SettlementDetail } from '@web-control/contract/finance-settlements';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

/** One run with its aggregates (computed when it closes). */
export function getSettlement(settlementId: number, signal?: AbortSignal): Promise<SettlementDetail> {
  return request({
    api: 'reconApi',
    path: `/settlements/${settlementId}`,
    schema: settlementDetailSchema,
    signal,
  });
}

export function settlementQuery(settlementId: number, enabled: boolean) {
  return queryOptions({
    queryKey: financeKeys.settlement(settlementId),
    queryFn: ({ signal }) => getSettlement(settlementId, signal),
    enabled,
  });
}

export function useSettlement(settlementId: number, enabled = true) {
  return useQuery(settlementQuery(settlementId, enabled));
}

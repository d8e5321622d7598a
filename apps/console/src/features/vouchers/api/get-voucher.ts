import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetailResponseSchema, type OrderDetailResponse } from '@web-control/contract/vouchers';
import { request } from '../../../shared/http/http-client';
import { voucherKeys } from './keys';

export function getVoucher(reference: string, signal?: AbortSignal): Promise<OrderDetailResponse> {
  return request({
    api: 'moneyTransferApi',
    path: `/order/${encodeURIComponent(reference)}`,
    schema: orderDetailResponseSchema,
    signal,
  });
}

export function voucherQuery(reference: string) {
  return queryOptions({
    queryKey: voucherKeys.detail(reference),
    queryFn: ({ signal }) => getVoucher(reference, signal),
  });
}

export function useVoucher(reference: string, enabled = true) {
  return useQuery({ ...voucherQuery(reference), enabled });
}

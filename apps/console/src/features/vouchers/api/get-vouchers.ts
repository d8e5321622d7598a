import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  vouchersResponseSchema,
  type VouchersQuery,
  type VouchersResponse,
} from '@web-control/contract/vouchers';
import { request } from '../../../shared/http/http-client';
import { voucherKeys } from './keys';

export function getVouchers(query: VouchersQuery, signal?: AbortSignal): Promise<VouchersResponse> {
  return request({
    api: 'moneyTransferApi',
    path: '/orders',
    query: {
      limit: query.limit,
      offset: query.offset,
      orderReference: query.orderReference,
      fromDatetime: query.fromDatetime,
      toDatetime: query.toDatetime,
      fromLastModifiedDatetime: query.fromLastModifiedDatetime,
      toLastModifiedDatetime: query.toLastModifiedDatetime,
    },
    schema: vouchersResponseSchema,
    signal,
  });
}

/** A new page or filter keeps the rows shown until its answer comes (no loader flashing). */
export function vouchersQuery(query: VouchersQuery, enabled = true) {
  return queryOptions({
    queryKey: voucherKeys.search(query),
    queryFn: ({ signal }) => getVouchers(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useVouchers(query: VouchersQuery, enabled = true) {
  return useQuery(vouchersQuery(query, enabled));
}

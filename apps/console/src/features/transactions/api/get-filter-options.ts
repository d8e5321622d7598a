import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  originatorTypesResponseSchema,
  receiverOptionsResponseSchema,
  serviceTypesResponseSchema,
  transactionStatesResponseSchema,
  type OriginatorType,
  type ReceiverOption,
  type ServiceType,
} from '@web-control/contract/transactions';
import { request } from '../../../shared/http/http-client';
import { transactionKeys } from './keys';

export interface FilterOptions {
  receivers: ReceiverOption[];
  serviceTypes: ServiceType[];
  tranStates: string[];
  originatorTypes: OriginatorType[];
}

/** The four option lists, loaded in parallel and merged. */
export async function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  const [serviceTypes, originatorTypes, transactionStates, receivers] = await Promise.all([
    request({ api: 'ecsApi', path: '/service_types', schema: serviceTypesResponseSchema, signal }),
    request({ api: 'ecsApi', path: '/originator_types', schema: originatorTypesResponseSchema, signal }),
    request({ api: 'ecsApi', path: '/transaction_states', schema: transactionStatesResponseSchema, signal }),
    request({ api: 'ecsApi', path: '/receivers', schema: receiverOptionsResponseSchema, signal }),
  ]);
  return {
    receivers: receivers.receivers,
    serviceTypes: serviceTypes.serviceTypes,
    tranStates: transactionStates.tranStates,
    originatorTypes: originatorTypes.originatorTypes,
  };
}

/** Reference data: never refreshed while the page is open; a later visit within gcTime reuses it. */
export function filterOptionsQuery() {
  return queryOptions({
    queryKey: transactionKeys.filterOptions(),
    queryFn: ({ signal }) => getFilterOptions(signal),
    staleTime: Infinity,
  });
}

export function useFilterOptions() {
  return useQuery(filterOptionsQuery());
}

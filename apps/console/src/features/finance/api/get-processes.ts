import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  processesResponseSchema,
  type PageQuery,
  type ProcessesResponse,
} from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { PROCESSES_API_PATH } from '../paths';
import { financeKeys } from './keys';

export function getProcesses(page: PageQuery, signal?: AbortSignal): Promise<ProcessesResponse> {
  return request({
    api: 'reconApi',
    path: PROCESSES_API_PATH,
    query: { offset: page.offset, limit: page.limit },
    schema: processesResponseSchema,
    signal,
  });
}

export function processesQuery(page: PageQuery) {
  return queryOptions({
    queryKey: financeKeys.processPage(page),
    queryFn: ({ signal }) => getProcesses(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProcesses(page: PageQuery) {
  return useQuery(processesQuery(page));
}

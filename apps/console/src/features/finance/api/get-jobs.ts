import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { jobsResponseSchema, type PageQuery } from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export function jobsQuery(page: PageQuery) {
  return queryOptions({
    queryKey: financeKeys.jobPage(page),
    queryFn: ({ signal }) =>
      request({
        api: 'reconApi',
        path: '/jobs',
        query: { offset: page.offset, limit: page.limit },
        schema: jobsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useJobs(page: PageQuery) {
  return useQuery(jobsQuery(page));
}

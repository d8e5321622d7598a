import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditsResponseSchema, type AuditsQuery } from '@web-control/contract/finance-actions';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export function auditsQuery(query: AuditsQuery) {
  return queryOptions({
    queryKey: financeKeys.audits(query),
    queryFn: ({ signal }) =>
      request({
        api: 'reconApi',
        path: '/actions/audits',
        query: {
          fromDateTimeInclusive: query.fromDateTimeInclusive,
          toDateTimeInclusive: query.toDateTimeInclusive,
          offset: query.offset,
          limit: query.limit,
          username: query.username,
          type: query.type,
          status: query.status,
        },
        schema: auditsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `enabled` false while the filters break a rule: nothing is asked. */
export function useAudits(query: AuditsQuery, enabled = true) {
  return useQuery({ ...auditsQuery(query), enabled });
}

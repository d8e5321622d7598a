import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACTION_STATUS_PENDING, type PageQuery } from '@web-control/contract/finance';
import { actionsResponseSchema } from '@web-control/contract/finance-actions';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { REVIEW_REFRESH_MS, useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { financeKeys } from './keys';

export type PendingActions = z.infer<typeof actionsResponseSchema>;

export function getPendingActions(
  processId: number,
  page: PageQuery,
  signal?: AbortSignal,
): Promise<PendingActions> {
  return request({
    api: 'reconApi',
    path: '/actions',
    query: { status: ACTION_STATUS_PENDING, processIds: processId, offset: page.offset, limit: page.limit },
    schema: actionsResponseSchema,
    signal,
  });
}

export function pendingActionsQuery(processId: number, page: PageQuery) {
  return queryOptions({
    queryKey: financeKeys.pendingActions(processId, page),
    queryFn: ({ signal }) => getPendingActions(processId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REVIEW_REFRESH_MS,
  });
}

/** The approvals' page; `beside` for a count shown beside the screen (the process's pending badge). */
export function usePendingActions(processId: number, page: PageQuery, { beside = false } = {}) {
  return useQuery(useLiveQueryOptions(pendingActionsQuery(processId, page), { beside }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { actionMetadataResponseSchema } from '@web-control/contract/finance-actions';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { REVIEW_REFRESH_MS, useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { financeKeys } from './keys';

export type ActionMetadata = z.infer<typeof actionMetadataResponseSchema>;

export function getActionMetadata(
  processId: number,
  actionId: string,
  signal?: AbortSignal,
): Promise<ActionMetadata> {
  return request({
    api: 'reconApi',
    path: `/processes/${processId}/actions/${encodeURIComponent(actionId)}/metadata`,
    schema: actionMetadataResponseSchema,
    signal,
  });
}

export function actionMetadataQuery(processId: number, actionId: string) {
  return queryOptions({
    queryKey: financeKeys.action(processId, actionId),
    queryFn: ({ signal }) => getActionMetadata(processId, actionId, signal),
    // While it waits for a review, another approver may decide it: the page then says so.
    refetchInterval: (query) => (query.state.data?.review.status === 'pending' ? REVIEW_REFRESH_MS : false),
  });
}

export function useActionMetadata(processId: number, actionId: string) {
  return useQuery(useLiveQueryOptions(actionMetadataQuery(processId, actionId), { beside: true }));
}

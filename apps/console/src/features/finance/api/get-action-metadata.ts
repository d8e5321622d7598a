import { queryOptions, useQuery } from '@tanstack/react-query';
import { actionMetadataResponseSchema } from '@web-control/contract/finance-actions';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
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
  });
}

export function useActionMetadata(processId: number, actionId: string) {
  return useQuery(actionMetadataQuery(processId, actionId));
}

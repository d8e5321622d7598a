import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconFilesResponseSchema, type PageQuery } from '@web-control/contract/finance';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export type InboxFiles = z.infer<typeof reconFilesResponseSchema>;

export function getInboxFiles(processId: number, page: PageQuery, signal?: AbortSignal): Promise<InboxFiles> {
  return request({
    api: 'filesApi',
    path: '',
    query: { processIds: processId, offset: page.offset, limit: page.limit },
    schema: reconFilesResponseSchema,
    signal,
  });
}

export function inboxFilesQuery(processId: number, page: PageQuery) {
  return queryOptions({
    queryKey: financeKeys.filePage(processId, page),
    queryFn: ({ signal }) => getInboxFiles(processId, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInboxFiles(processId: number, page: PageQuery) {
  return useQuery(inboxFilesQuery(processId, page));
}

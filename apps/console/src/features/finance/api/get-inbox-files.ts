import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reconFilesResponseSchema, type PageQuery } from '@web-control/contract/finance';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';

/** While a file shows FILTER (loading), the inbox asks again this often until it has its outcome. */
export const INBOX_LOADING_POLL_MS = 2000;
/** Otherwise this often: another user's approval starts a load, and the feeds deliver files. */
export const INBOX_REFRESH_MS = 15_000;

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
    refetchInterval: (query) =>
      query.state.data?.reconFiles.some((file) => file.status === 'FILTER')
        ? INBOX_LOADING_POLL_MS
        : INBOX_REFRESH_MS,
  });
}

export function useInboxFiles(processId: number, page: PageQuery) {
  return useQuery(useLiveQueryOptions(inboxFilesQuery(processId, page)));
}

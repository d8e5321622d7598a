import { queryOptions, useQuery } from '@tanstack/react-query';
import { messagesResponseSchema, type EdgeMessage } from '@web-control/contract/transactions';
import { request } from '../../../shared/http/http-client';
import { useLiveQueryOptions } from '../../../shared/live/use-live-query';
import { TRACE_REFRESH_MS } from '../trace/constants';
import { transactionKeys } from './keys';
import { asksAgain } from './trace-refresh';

export async function getMessages(uuid: string, signal?: AbortSignal): Promise<EdgeMessage[]> {
  return (
    await request({
      api: 'transactionsApi',
      path: `/${encodeURIComponent(uuid)}/messages`,
      schema: messagesResponseSchema,
      signal,
    })
  ).messages;
}

/** Refreshed with the leg: messages of a transaction in flight keep arriving. */
export function messagesQuery(uuid: string) {
  return queryOptions({
    queryKey: transactionKeys.messages(uuid),
    queryFn: ({ signal }) => getMessages(uuid, signal),
    refetchInterval: TRACE_REFRESH_MS,
    enabled: asksAgain,
  });
}

export function useMessages(uuid: string) {
  return useQuery(useLiveQueryOptions(messagesQuery(uuid)));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  extractTagNamesResponseSchema,
  extractTagValuesResponseSchema,
} from '@web-control/contract/finance-settlements';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export function getExtractTagNames(signal?: AbortSignal) {
  return request({ api: 'reconApi', path: '/extracts/tags', schema: extractTagNamesResponseSchema, signal });
}

export function extractTagNamesQuery() {
  return queryOptions({
    queryKey: financeKeys.extractTagNames(),
    queryFn: ({ signal }) => getExtractTagNames(signal),
    staleTime: Infinity,
  });
}

export function useExtractTagNames() {
  return useQuery(extractTagNamesQuery());
}

export function getExtractTagValues(tagId: string, processId: number | undefined, signal?: AbortSignal) {
  return request({
    api: 'reconApi',
    path: `/extracts/tags/${encodeURIComponent(tagId)}`,
    query: { processId },
    schema: extractTagValuesResponseSchema,
    signal,
  });
}

export function extractTagValuesQuery(tagId: string, processId: number | undefined) {
  return queryOptions({
    queryKey: financeKeys.extractTagValues(tagId, processId),
    queryFn: ({ signal }) => getExtractTagValues(tagId, processId, signal),
    enabled: tagId !== '',
  });
}

export function useExtractTagValues(tagId: string, processId: number | undefined) {
  return useQuery(extractTagValuesQuery(tagId, processId));
}

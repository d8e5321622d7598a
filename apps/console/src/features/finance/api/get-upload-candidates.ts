import { queryOptions, useQuery } from '@tanstack/react-query';
import { uploadCandidatesResponseSchema } from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

/** The ids of the processes a file of this name belongs to. */
export function getUploadCandidates(fileName: string, signal?: AbortSignal): Promise<number[]> {
  return request({
    api: 'filesApi',
    path: '/processes',
    query: { filename: fileName },
    schema: uploadCandidatesResponseSchema,
    signal,
  }).then((answer) => answer.processes.map((process) => process.id));
}

export function uploadCandidatesQuery(fileName: string) {
  return queryOptions({
    queryKey: financeKeys.uploadCandidates(fileName),
    queryFn: ({ signal }) => getUploadCandidates(fileName, signal),
    staleTime: 0,
  });
}

export function useUploadCandidates(fileName: string) {
  return useQuery(uploadCandidatesQuery(fileName));
}

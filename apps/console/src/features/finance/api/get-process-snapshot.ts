import { queryOptions, useQuery } from '@tanstack/react-query';
import { snapshotSchema, type Snapshot } from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export function getProcessSnapshot(processId: number, signal?: AbortSignal): Promise<Snapshot> {
  return request({
    api: 'reconApi',
    path: `/processes/${processId}/snapshot`,
    schema: snapshotSchema,
    signal,
  });
}

export function processSnapshotQuery(processId: number) {
  return queryOptions({
    queryKey: financeKeys.snapshot(processId),
    queryFn: ({ signal }) => getProcessSnapshot(processId, signal),
  });
}

export function useProcessSnapshot(processId: number) {
  return useQuery(processSnapshotQuery(processId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { processDefinitionSchema, type ProcessDefinition } from '@web-control/contract/finance';
import { request } from '../../../shared/http/http-client';
import { financeKeys } from './keys';

export function getProcess(processId: number, signal?: AbortSignal): Promise<ProcessDefinition> {
  return request({
    api: 'reconApi',
    path: `/processes/${processId}`,
    schema: processDefinitionSchema,
    signal,
  });
}

export function processQuery(processId: number) {
  return queryOptions({
    queryKey: financeKeys.process(processId),
    queryFn: ({ signal }) => getProcess(processId, signal),
  });
}

export function useProcess(processId: number, enabled = true) {
  return useQuery({ ...processQuery(processId), enabled });
}

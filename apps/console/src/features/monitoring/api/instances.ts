import { queryOptions, useQuery } from '@tanstack/react-query';
import { instancesResponseSchema, type Instance } from '@web-control/contract/monitoring';
import { request } from '../../../shared/http/http-client';
import { monitoringKeys } from './keys';

export async function getInstances(): Promise<Instance[]> {
  return (await request({ api: 'ecsApi', path: '/instances', schema: instancesResponseSchema })).instances;
}

export function instancesQuery() {
  return queryOptions({ queryKey: monitoringKeys.instances(), queryFn: getInstances });
}

export function useInstances() {
  return useQuery(instancesQuery());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { featuresResponseSchema } from '@web-control/contract/monitoring';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { homeKeys } from './keys';

export type Features = z.infer<typeof featuresResponseSchema>;

/** What the server supports; searchIndex decides whether the messages-per-second graph is shown. */
export function getFeatures(): Promise<Features> {
  return request({ api: 'ecsApi', path: '/features', schema: featuresResponseSchema });
}

export function featuresQuery() {
  // Fixed for the life of the server.
  return queryOptions({ queryKey: homeKeys.features(), queryFn: getFeatures, staleTime: Infinity });
}

export function useFeatures() {
  return useQuery(featuresQuery());
}

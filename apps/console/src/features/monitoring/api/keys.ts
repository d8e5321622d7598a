export const monitoringKeys = {
  all: ['monitoring'] as const,
  nodes: () => [...monitoringKeys.all, 'nodes'] as const,
  safQueues: () => [...monitoringKeys.all, 'saf'] as const,
  instances: () => [...monitoringKeys.all, 'instances'] as const,
  metrics: (params: { from: string; instance: string; node: string }) =>
    [...monitoringKeys.all, 'metrics', params] as const,
};

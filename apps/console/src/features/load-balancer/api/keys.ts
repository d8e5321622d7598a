export const loadBalancerKeys = {
  all: ['load-balancer'] as const,
  services: () => [...loadBalancerKeys.all, 'services'] as const,
  service: (serviceId: string) => [...loadBalancerKeys.services(), serviceId] as const,
  receivers: (serviceId: string) => [...loadBalancerKeys.service(serviceId), 'receivers'] as const,
  review: (requestId: string) => [...loadBalancerKeys.all, 'review', requestId] as const,
};

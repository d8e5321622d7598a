export const LOAD_BALANCER_PATH = '/dashboard/load-balancer';
export const SERVICES_PATH = `${LOAD_BALANCER_PATH}/services`;

export function servicePath(serviceId: string): string {
  return `${SERVICES_PATH}/${encodeURIComponent(serviceId)}`;
}

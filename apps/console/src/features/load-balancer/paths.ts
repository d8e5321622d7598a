export const LOAD_BALANCER_PATH = '/dashboard/load-balancer';
export const SERVICES_PATH = `${LOAD_BALANCER_PATH}/services`;

/** The load balancer API's list of services (its root): the services screen's first call. */
export const SERVICES_API_PATH = '';

export function servicePath(serviceId: string): string {
  return `${SERVICES_PATH}/${encodeURIComponent(serviceId)}`;
}

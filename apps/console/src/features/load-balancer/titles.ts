export const SERVICES_TITLE = 'Load Balancer - Services';

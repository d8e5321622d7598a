export const MONITORING_PATH = '/dashboard/monitoring';
export const HEALTH_OVERVIEW_PATH = `${MONITORING_PATH}/overview`;
export const NODE_VIEW_PATH = `${MONITORING_PATH}/node`;

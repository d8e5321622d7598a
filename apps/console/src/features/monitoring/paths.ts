export const MONITORING_PATH = '/dashboard/monitoring';
export const HEALTH_OVERVIEW_PATH = `${MONITORING_PATH}/overview`;
export const NODE_VIEW_PATH = `${MONITORING_PATH}/node`;

/** The switch API's nodes and store-and-forward queues: the health overview's first calls. */
export const NODES_API_PATH = '/nodes';
export const SAF_API_PATH = '/saf';

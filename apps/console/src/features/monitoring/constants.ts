/** Texts and timings of Health Overview and Node View (specification sections 2, 8 and 9). */
export const NO_NODES = 'No nodes were found';
export const NO_SAF_QUEUES = 'No SAF queues were found';
export const METRICS_UNAVAILABLE = 'Metrics are currently unavailable';
export const HEALTH_OVERVIEW_REFRESH_MS = 30_000;

/** Texts and timings of Health Overview and Node View (specification sections 2, 8 and 9). */
export const NO_NODES = 'No nodes were found';
export const NO_SAF_QUEUES = 'No SAF queues were found';
export const METRICS_UNAVAILABLE = 'Metrics are currently unavailable';
/** A node a link or the page named that no instance reports (now): the first node shows instead. */
export const nodeNotReported = (node: { instanceId?: string | undefined; nodeId: string }, shown: string) =>
  `Node ${node.nodeId}${node.instanceId === undefined ? '' : ` of ${node.instanceId}`} is not reported now: ${shown} is shown instead.`;
export const HEALTH_OVERVIEW_REFRESH_MS = 30_000;

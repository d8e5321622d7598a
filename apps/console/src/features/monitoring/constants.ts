/** Texts and timings of Health Overview and Node View (specification sections 2, 8 and 9). */
export const NO_NODES = 'No nodes were found';
export const NO_SAF_QUEUES = 'No SAF queues were found';
export const METRICS_UNAVAILABLE = 'Metrics are currently unavailable';
/**
 * A node or instance a link or the page named that is not reported (now): the first node shows
 * instead. The instance by its name where it is reported, as the Node list groups it; an instance
 * reported without nodes says so rather than that it is not reported.
 */
export const nodeNotReported = (
  asked: { instance?: string | undefined; nodeId?: string | undefined; instanceWithoutNodes?: boolean },
  shown: string,
) => {
  const named =
    asked.nodeId === undefined
      ? `Instance ${asked.instance ?? ''}`
      : `Node ${asked.nodeId}${asked.instance === undefined ? '' : ` of ${asked.instance}`}`;
  const why =
    asked.nodeId === undefined && asked.instanceWithoutNodes ? 'reports no nodes now' : 'is not reported now';
  return `${named} ${why}: ${shown} is shown instead.`;
};
export const HEALTH_OVERVIEW_REFRESH_MS = 30_000;

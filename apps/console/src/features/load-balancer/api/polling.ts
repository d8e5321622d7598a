/** The services list and the service detail refresh in the background (specification section 9). */
export const LOAD_BALANCER_POLL_INTERVAL_MS = 30_000;

import type { Service } from '@web-control/contract/load-balancer';
import { UNKNOWN_STATUS } from './messages';

/** The status the switch last reported, or 'unknown' when it never did. */
export function statusOf(latestChange: Service['latestChange']): string {
  return latestChange?.currentStatus ?? UNKNOWN_STATUS;
}

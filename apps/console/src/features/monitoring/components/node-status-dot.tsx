import type { NodeStatus } from '@web-control/contract/monitoring';
import classes from './node-status-dot.module.css';

/** The status as a coloured dot; its class is the status value, which is read out but not shown. */
export function NodeStatusDot({ status }: { status: NodeStatus }) {
  return <span role="img" aria-label={`Status: ${status}`} className={`${classes.dot} ${classes[status]}`} />;
}

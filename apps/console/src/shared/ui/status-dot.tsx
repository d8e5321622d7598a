import classes from './status-dot.module.css';

const COLOURED_STATUSES = new Set([
  'online',
  'up',
  'active',
  'degraded',
  'warning',
  'down',
  'failed',
  'offline',
]);

/** The class for a status: the status word itself when it has a colour, else `unknown` (grey). */
export function statusClass(status: string): string {
  const word = status.toLowerCase();
  return COLOURED_STATUSES.has(word) ? word : 'unknown';
}

interface StatusDotProps {
  status: string;
  /** The status is written beside the dot, so the dot would only repeat it to screen readers. */
  decorative?: boolean;
}

/** A coloured dot; unless decorative, screen readers hear "Status: {status}". */
export function StatusDot({ status, decorative = false }: StatusDotProps) {
  const className = `${classes.dot} ${classes[statusClass(status)]}`;
  return decorative ? (
    <span aria-hidden className={className} />
  ) : (
    <span role="img" aria-label={`Status: ${status}`} className={className} />
  );
}

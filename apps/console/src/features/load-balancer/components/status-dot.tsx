import { ColorSwatch } from '@mantine/core';
import type { Service } from '@web-control/contract/load-balancer';
import { UNKNOWN_STATUS } from '../messages';

type LatestChange = Service['latestChange'];

/** The status the switch last reported, or 'unknown' when it never did. */
export function statusOf(latestChange: LatestChange): string {
  return latestChange?.currentStatus ?? UNKNOWN_STATUS;
}

/** currentStatus is free text from the switch; the usual words get a colour, anything else grey. */
const STATUS_COLOURS: Record<string, string> = {
  up: 'var(--mantine-color-green-7)',
  active: 'var(--mantine-color-green-7)',
  online: 'var(--mantine-color-green-7)',
  degraded: 'var(--mantine-color-yellow-6)',
  warning: 'var(--mantine-color-yellow-6)',
  down: 'var(--mantine-color-red-7)',
  offline: 'var(--mantine-color-red-7)',
  failed: 'var(--mantine-color-red-7)',
};

export function statusColour(status: string): string {
  return STATUS_COLOURS[status.toLowerCase()] ?? 'var(--mantine-color-gray-5)';
}

/** The dot beside a name; the status is always written next to it, so the dot is decoration. */
export function StatusDot({ status }: { status: string }) {
  return (
    <ColorSwatch
      component="span"
      color={statusColour(status)}
      size={12}
      withShadow={false}
      aria-hidden
      data-status={status.toLowerCase()}
    />
  );
}

/** Dot, then the status in words. */
export function StatusLabel({ status }: { status: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <StatusDot status={status} />
      {status}
    </span>
  );
}

import { Text } from '@mantine/core';
import type { Audit } from '@web-control/contract/finance-actions';
import { actionReference, AUDIT_TYPE_LABELS } from './constants';

/**
 * The event, the file of a file's action, and the action it belongs to: an action's request
 * (Registered, Unreviewed) and its outcome are two rows of the log (specification 2), paired by
 * this reference.
 */
export function AuditEvent({ audit }: { audit: Audit }) {
  return (
    <>
      {AUDIT_TYPE_LABELS[audit.type]}
      {audit.fileName ? ` ${audit.fileName}` : null}
      <Text component="span" size="xs" c="dimmed" ff="monospace">
        {` · ${actionReference(audit.actionId)}`}
      </Text>
    </>
  );
}

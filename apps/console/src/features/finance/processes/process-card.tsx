import { Anchor, Group, Paper, Stack, UnstyledButton } from '@mantine/core';
import type { ProcessSummary } from '@web-control/contract/finance';
import { Link } from 'react-router';
import { formatShortCount } from '../../../shared/format/metrics';
import { useCan } from '../../../shared/session/permissions';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { processPath } from '../paths';
import { ProcessSnapshot } from './process-snapshot';

function CountPill({ label, count, kind }: { label: string; count: number; kind: StateKind }) {
  return (
    <StatePill label={`${label}: ${formatShortCount(count)}`} kind={count === 0 ? 'unavailable' : kind} />
  );
}

interface ProcessCardProps {
  process: ProcessSummary;
  expanded: boolean;
  onToggle: () => void;
}

export function ProcessCard({ process, expanded, onToggle }: ProcessCardProps) {
  const snapshotId = `process-${process.id}-snapshot`;
  const can = useCan();
  return (
    <Paper withBorder p="md" component="article" aria-label={process.displayName}>
      <Stack gap="sm">
        <UnstyledButton onClick={onToggle} aria-expanded={expanded} aria-controls={snapshotId} fw={600}>
          {process.displayName}
        </UnstyledButton>
        <Group gap="xs">
          <CountPill label="Pending approvals" count={process.pendingApprovals} kind="incomplete" />
          <CountPill label="Missing files" count={process.missingFiles} kind="incomplete" />
          <CountPill label="Upload errors" count={process.uploadErrors} kind="error" />
          <CountPill label="Recon exceptions" count={process.reconExceptions} kind="error" />
        </Group>
        <Group gap="md">
          <Anchor component={Link} to={processPath(process.id, 'inbox')} size="sm">
            Inbox
          </Anchor>
          {can('VIEW_ACTIONS') ? (
            <Anchor component={Link} to={processPath(process.id, 'approvals')} size="sm">
              Approvals
            </Anchor>
          ) : null}
          <Anchor component={Link} to={processPath(process.id, 'results')} size="sm">
            Recon results
          </Anchor>
        </Group>
        {expanded ? (
          <div id={snapshotId}>
            <ProcessSnapshot processId={process.id} />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

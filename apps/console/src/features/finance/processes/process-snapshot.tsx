import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Snapshot } from '@web-control/contract/finance';
import { Link } from 'react-router';
import { formatMajorAmount } from '../../../shared/format/currency';
import { formatDayTime } from '../../../shared/format/dates';
import { formatAmount, formatShortCount } from '../../../shared/format/metrics';
import { QueryState } from '../../../shared/ui/query-state';
import { useProcessSnapshot } from '../api/get-process-snapshot';
import { OUTBOX_PATH, processPath } from '../paths';
import { lastUploadText, PROCESSES_MESSAGES, SNAPSHOT_SECTIONS } from './constants';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A settlement figure as the Settlement tab writes its totals: one named for a currency ('Total ZAR',
 * as the platform names a currency's total) in that currency ("R 13 420.00"), any other as a number.
 */
export function settlementFigureOf(stat: { statName: string; amount: number }): {
  label: string;
  value: string;
} {
  const currency = /^(.+) ([A-Z]{3})$/.exec(stat.statName);
  if (currency?.[1] === undefined || currency[2] === undefined) {
    return { label: stat.statName, value: formatAmount(stat.amount) };
  }
  return { label: currency[1], value: formatMajorAmount(stat.amount, currency[2]) };
}

function SnapshotSections({ processId, snapshot }: { processId: number; snapshot: Snapshot }) {
  const { reconStats, settlementStats } = snapshot;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Stack gap={4}>
        <Title order={3} size="h5">
          <Anchor component={Link} to={processPath(processId, 'inbox')}>
            {SNAPSHOT_SECTIONS.files}
          </Anchor>
        </Title>
        {snapshot.fileSources.map((source) => (
          <Stack gap={0} key={source.displayName}>
            <Text size="sm" fw={600}>
              {source.displayName}
            </Text>
            <Text size="xs" c="dimmed">
              {source.lastUploadDt ? lastUploadText(formatDayTime(source.lastUploadDt)) : '-'}
            </Text>
            <Figure label="Loaded" value={formatShortCount(source.successRecords)} />
            <Figure label="Errors" value={formatShortCount(source.errorRecords)} />
          </Stack>
        ))}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          <Anchor component={Link} to={processPath(processId, 'results')}>
            {SNAPSHOT_SECTIONS.recon}
          </Anchor>
        </Title>
        <Figure label="Matched" value={formatShortCount(reconStats.matched)} />
        <Figure label="Unmatched" value={formatShortCount(reconStats.unmatched)} />
        <Figure label="Partially matched" value={formatShortCount(reconStats.partial)} />
        <Figure label="Rejected" value={formatShortCount(reconStats.rejected)} />
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          <Anchor component={Link} to={OUTBOX_PATH}>
            {SNAPSHOT_SECTIONS.settlement}
          </Anchor>
        </Title>
        {settlementStats.stats.map((stat) => (
          <Figure key={stat.statName} {...settlementFigureOf(stat)} />
        ))}
      </Stack>
    </SimpleGrid>
  );
}

/** Mounted only while the card is expanded, so the snapshot loads on expanding. */
export function ProcessSnapshot({ processId }: { processId: number }) {
  const snapshot = useProcessSnapshot(processId);
  return (
    <QueryState
      query={snapshot}
      loadingLabel="Loading process statistics"
      errorText={PROCESSES_MESSAGES.snapshotFailed}
    >
      {(data) => <SnapshotSections processId={processId} snapshot={data} />}
    </QueryState>
  );
}

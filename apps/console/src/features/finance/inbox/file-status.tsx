import { Progress, Stack, Text } from '@mantine/core';
import type { ReconFile } from '@web-control/contract/finance';
import { formatCount } from '../../../shared/format/metrics';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import {
  INBOX_PROGRESS_WIDTH,
  INBOX_REASON_MAX_WIDTH,
  LOAD_PROGRESS_LABEL,
  LOAD_PROGRESS_TEXT,
  PENDING_ACTION_TEXTS,
  pendingActionId,
} from './constants';

const STATUS_KINDS: Record<ReconFile['status'], StateKind> = {
  REGISTERED: 'info',
  FILTER: 'incomplete',
  LOADED: 'success',
  ERROR: 'error',
};

/** A loading file's records read of its total, as a bar and in words; the inbox polls it. */
function LoadProgress({ file }: { file: ReconFile }) {
  const { read, total } = file.progress ?? { read: 0, total: 0 };
  return (
    <Stack gap={2} w={INBOX_PROGRESS_WIDTH}>
      <Progress
        value={total === 0 ? 0 : (100 * read) / total}
        size="sm"
        aria-label={LOAD_PROGRESS_LABEL(file.fileName)}
      />
      <Text size="xs">{LOAD_PROGRESS_TEXT(formatCount(read), formatCount(total))}</Text>
    </Stack>
  );
}

/** A file's status: its pill, a running load's progress, a failed load's reason, an action waiting. */
export function FileStatus({ file }: { file: ReconFile }) {
  return (
    <Stack gap={4} align="flex-start">
      <StatePill label={file.status} kind={STATUS_KINDS[file.status]} />
      {file.status === 'FILTER' && file.progress != null ? <LoadProgress file={file} /> : null}
      {file.errorReason === null ? null : (
        // Why the load failed; long database texts are cut to two lines, whole in the title.
        <Text size="xs" lineClamp={2} maw={INBOX_REASON_MAX_WIDTH} title={file.errorReason}>
          {file.errorReason}
        </Text>
      )}
      {file.pendingAction == null ? null : (
        <Text size="xs" c="dimmed" id={pendingActionId(file.id)}>
          {PENDING_ACTION_TEXTS[file.pendingAction]}
        </Text>
      )}
    </Stack>
  );
}

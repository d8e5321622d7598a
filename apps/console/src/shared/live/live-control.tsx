import { Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { SegmentedChoice } from '../ui/segmented-choice';
import { useLive } from './live-state';
import { isNotFound, isPastTheFarthestPage } from '../http/error-message';
import { LIVE_FAILED_TEXT, LIVE_TEXTS, liveStatus, updatedAgoText } from './live-texts';

const AGE_TICK_MS = 1000;

/** The screen's live queries' status (liveStatus), followed as the cache changes. */
function useLiveQueriesStatus(): { updatedAt: number; failed: boolean } {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  // Two numbers as one string, so the snapshot compares equal while nothing changed.
  const key = useSyncExternalStore(subscribe, () => {
    const status = liveStatus(
      cache.getAll().map((query) => ({
        meta: query.meta,
        dataUpdatedAt: query.state.dataUpdatedAt,
        observed: query.getObserversCount() > 0,
        // Not a refresh that failed: what is not found, or a page past the end, the screen says itself.
        failed:
          query.state.status === 'error' &&
          !isNotFound(query.state.error) &&
          !isPastTheFarthestPage(query.state.error),
        disabled: query.isDisabled(),
      })),
    );
    return `${status.updatedAt} ${status.failed}`;
  });
  const [updatedAt, failed] = key.split(' ');
  return { updatedAt: Number(updatedAt), failed: failed === 'true' };
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * Live or Paused for the screen's own refreshes, and how old its data is. `updatedAt` is for a
 * screen that refreshes outside TanStack Query; otherwise the live queries on screen say it.
 */
export function LiveControl({
  updatedAt,
  quietFailures = false,
}: {
  updatedAt?: number;
  /** A screen whose failed refreshes the specification keeps silent (a trace: specification 1, section 8). */
  quietFailures?: boolean;
}) {
  const { paused, setPaused } = useLive();
  const queryClient = useQueryClient();
  const fromQueries = useLiveQueriesStatus();
  const now = useNow();
  const updated = updatedAt ?? fromQueries.updatedAt;
  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedChoice
        label={LIVE_TEXTS.group}
        options={[LIVE_TEXTS.live, LIVE_TEXTS.paused]}
        value={paused ? LIVE_TEXTS.paused : LIVE_TEXTS.live}
        onChange={(value) => {
          const pause = value === LIVE_TEXTS.paused;
          setPaused(pause);
          // Live again: the screen catches up at once rather than at its next interval.
          if (!pause)
            void queryClient.refetchQueries({
              type: 'active',
              predicate: (query) => query.meta?.live === true,
            });
        }}
      />
      {updated > 0 ? <Text size="xs">{updatedAgoText(updated, Math.max(now, updated))}</Text> : null}
      {updatedAt === undefined && !quietFailures && fromQueries.failed ? (
        <Text size="xs" c="red" fw={600}>
          {LIVE_FAILED_TEXT}
        </Text>
      ) : null}
    </Group>
  );
}

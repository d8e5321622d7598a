import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { isNotFound, isRetryable, refusalText } from '../http/error-message';

/**
 * A first load: a loader named for screen readers (a progress bar: a name on Mantine's bare span
 * is an ARIA violation). Background refreshes never show it.
 */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <Center p="md">
      <Loader size="sm" role="progressbar" aria-label={label} />
    </Center>
  );
}

interface ErrorStateProps {
  text: string;
  /**
   * The retry button's text; with `onRetry`, the alert offers it, unless `error` is a refusal of
   * the request as asked (asking the same again is refused again).
   */
  retryLabel?: string;
  onRetry?: () => void;
  error?: unknown;
}

export function ErrorState({ text, retryLabel, onRetry, error }: ErrorStateProps) {
  return (
    <Alert color="red" role="alert">
      {retryLabel && onRetry && isRetryable(error) ? (
        <Stack gap="xs" align="flex-start">
          {text}
          <Button variant="default" size="xs" onClick={onRetry}>
            {retryLabel}
          </Button>
        </Stack>
      ) : (
        text
      )}
    </Alert>
  );
}

export function EmptyState({ text }: { text: string }) {
  return (
    <Text c="dimmed" role="status">
      {text}
    </Text>
  );
}

/** What QueryState reads of a TanStack query (or of several, through `combineQueries`). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  /** What the failed call threw: a 4xx refusal shows the platform's reason. */
  error?: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * Two queries shown as one: failed when either failed, pending until both answered, and
 * data only while both hold data and neither failed (stale figures beside a failure look current).
 */
export function combineQueries<A, B>(first: QueryLike<A>, second: QueryLike<B>): QueryLike<[A, B]> {
  const isError = first.isError || second.isError;
  return {
    isError,
    error: first.isError ? first.error : second.error,
    isPending: !isError && (first.isPending || second.isPending),
    // Kept through a failure, for a screen that shows what it had beneath it (keepDataOnError).
    data: first.data !== undefined && second.data !== undefined ? [first.data, second.data] : undefined,
    refetch: () => Promise.all([first.refetch(), second.refetch()]),
  };
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  loadingLabel?: string;
  /**
   * The failure text for a 5xx, a timeout or a network failure (the catalogue's text, which may
   * name the status); a 4xx carrying the platform's reason shows that reason instead.
   */
  errorText: string | ((status: number | undefined) => string);
  /** The text for a 404, where the screen has its own words for a thing that does not exist. */
  notFoundText?: string;
  /** Offers a retry button with this text on a failure asking again may mend; it refetches the query. */
  retryLabel?: string;
  /** Shown instead of the content when `isEmpty` says the data holds nothing. */
  emptyText?: string;
  isEmpty?: (data: T) => boolean;
  /** Keep showing data already loaded beneath the failure of a later refresh. */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/** One query's loading, failed, empty and loaded states, the same way on every screen. */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, errorText, emptyText, isEmpty = isEmptyList } = props;
  if (query.isPending) return <LoadingState label={props.loadingLabel} />;
  const error = query.isError ? (
    <ErrorState
      text={
        props.notFoundText !== undefined && isNotFound(query.error)
          ? props.notFoundText
          : refusalText(query.error, typeof errorText === 'string' ? () => errorText : errorText)
      }
      retryLabel={props.retryLabel}
      onRetry={() => void query.refetch()}
      error={query.error}
    />
  ) : null;
  const data = query.isError && !props.keepDataOnError ? undefined : query.data;
  let content: ReactNode = null;
  if (data !== undefined) {
    content =
      emptyText !== undefined && isEmpty(data) ? <EmptyState text={emptyText} /> : props.children(data);
  }
  return (
    <>
      {error}
      {content}
    </>
  );
}

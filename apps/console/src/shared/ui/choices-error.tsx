import { refusalText, retrievalFailedText } from '../http/error-message';
import { ErrorState } from './query-state';

interface ChoicesQuery {
  /** The first load failed: a failed refresh keeps the choices loaded before. */
  isLoadingError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A form's choices that did not load (the roles of a user form, a filter's receivers): said where
 * they belong, with Try again, rather than an empty list that reads as "there are none".
 */
export function ChoicesError({ what, query }: { what: string; query: ChoicesQuery }) {
  if (!query.isLoadingError) return null;
  return (
    <ErrorState
      text={refusalText(query.error, retrievalFailedText(what))}
      retryLabel="Try again"
      onRetry={() => void query.refetch()}
      error={query.error}
    />
  );
}

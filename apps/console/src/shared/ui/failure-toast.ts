import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { refusalText } from '../http/error-message';

interface FailingQuery {
  error: unknown;
  /** When the query last failed: each new failure is told once. */
  errorUpdatedAt: number;
}

/**
 * Tells a failed load as a toast (where the specification's catalogue lists the failure as one):
 * the platform's reason for a 4xx, the catalogue's text (with the status) otherwise. `failedText`
 * is a module-level function, so each new failure is told once.
 */
export function useFailureToast(
  query: FailingQuery,
  failedText: (status: number | undefined) => string,
): void {
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error === null || error === undefined) return;
    notifications.show({ color: 'red', message: refusalText(error, failedText) });
  }, [error, errorUpdatedAt, failedText]);
}

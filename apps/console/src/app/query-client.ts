import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../shared/http/http-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request will be refused again; only transient failures are retried.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof HttpError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

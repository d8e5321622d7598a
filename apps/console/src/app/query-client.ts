import { isRefusal } from '../shared/http/error-message';
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A refused request will be refused again; only transient failures are retried.
        retry: (failureCount, error) => failureCount < 2 && !isRefusal(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}

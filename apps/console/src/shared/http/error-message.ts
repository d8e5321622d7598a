import { HttpError } from './http-error';

/**
 * The text a refused call shows: the platform's own `errorMessage` when its answer carried the
 * error body, otherwise the caller's fallback (a timeout, a network failure, a proxy's bare 502).
 */
export function errorMessageOf<TFallback>(error: unknown, fallback: TFallback): string | TFallback {
  return error instanceof HttpError && error.errorBody ? error.errorBody.errorMessage : fallback;
}

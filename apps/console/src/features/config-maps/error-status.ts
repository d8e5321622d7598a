import { HttpError } from '../../shared/http/http-error';

/** The status the catalogue's "({status})" shows; undefined when no answer came. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

import { ERROR_CODES } from '@web-control/contract/errors';
import { entityTagOf, IF_MATCH_HEADER } from '@web-control/contract/versions';
import type { ZodType } from 'zod';
import { HttpError } from './http-error';

/** The header that makes a save conditional on the version it was made against. */
export function ifMatch(version: number): Record<string, string> {
  return { [IF_MATCH_HEADER]: entityTagOf(version) };
}

/**
 * The resource as it is now, when a save was refused because someone else's came first (409
 * CONFLICT carrying `{ current }`); undefined for any other failure, a 409 of another rule included.
 */
export function currentOfStaleSave<T>(error: unknown, details: ZodType<{ current: T }>): T | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.errorBody;
  if (body?.code !== ERROR_CODES.conflict) return undefined;
  const parsed = details.safeParse(body.details);
  return parsed.success ? parsed.data.current : undefined;
}

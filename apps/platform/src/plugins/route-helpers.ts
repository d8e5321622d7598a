import { z } from 'zod';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import type { Permission } from '@web-control/contract/permissions';
import { AppError, RATE_LIMITED_MESSAGE } from '../errors.ts';

/** The parts every module's routes share, so a route states only what is its own. */

/** OpenAPI: the route needs the access token (the scheme is declared in api-docs.ts). */
export const BEARER_SECURITY = [{ bearerAuth: [] }];

/** The route config of a guarded route: the caller must hold every permission named; none: any signed-in user. */
export function permissions(...names: Permission[]): { permissions: readonly Permission[] } {
  return { permissions: names };
}

/**
 * Response schemas for a guarded route's refusals (400, 401, 403) plus the statuses named, each
 * answered with the error body.
 */
export function refusals<const Extra extends number = never>(
  ...extra: Extra[]
): Record<400 | 401 | 403 | Extra, typeof errorBodySchema> {
  const statuses: number[] = [400, 401, 403, ...extra];
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    400 | 401 | 403 | Extra,
    typeof errorBodySchema
  >;
}

/** A 204 answer. */
export const NO_CONTENT_SCHEMA = z.null().describe('Done');

/** Per client address and minute (sign-in and password links), answered with the product's 429. */
export function rateLimitPerMinute(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(429, ERROR_CODES.rateLimited, RATE_LIMITED_MESSAGE),
  };
}

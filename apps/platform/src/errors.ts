import { ERROR_CODES } from '@web-control/contract/errors';
import { VALIDATION_MESSAGES } from '@web-control/contract/validation';

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An error whose message is safe to show: the central handler sends it as `{ errorMessage, code, details }`. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(statusCode: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export const UNAUTHENTICATED_MESSAGE = 'Please sign in to continue.';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';
export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong on our side. Please try again or contact support.';
export const INVALID_REFRESH_TOKEN_MESSAGE = 'Your session has expired. Please sign in again.';
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service cannot reach its database at the moment. Please try again in a few seconds.';
/** The Retry-After of an answer given while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The refusals every module raises; the central handler turns each into its JSON answer. */
export function notFound(message: string, details?: unknown): AppError {
  return new AppError(404, ERROR_CODES.notFound, message, details);
}

export function conflict(message: string, details?: unknown): AppError {
  return new AppError(409, ERROR_CODES.conflict, message, details);
}

/** A body field's value clashes with what is there (a name taken): the console marks `field`. */
export function fieldConflict(message: string, field: string): AppError {
  return conflict(message, [{ location: 'body', field, message }]);
}

export interface ValidationDetail {
  location: string;
  field: string;
  message: string;
}

/** "username: Please enter a valid username; password: Please enter your password" */
export function describeValidation(details: readonly ValidationDetail[]): string {
  return `Invalid request: ${details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')}`;
}

/** A general bound's message (the contract's words) and its limit: "Must not exceed 100" is an upper bound of 100. */
function boundOf(message: string): { upper: boolean; limit: number } | undefined {
  const limit = Number(/(-?\d+)/.exec(message)?.[1]);
  if (!Number.isSafeInteger(limit)) return undefined;
  if (message === VALIDATION_MESSAGES.max(limit)) return { upper: true, limit };
  return message === VALIDATION_MESSAGES.min(limit) ? { upper: false, limit } : undefined;
}

/**
 * Each broken rule once: a schema may raise one message twice for a field, and a number past its
 * own bound is past zod's safe-integer bound too ("Must not exceed 9007199254740991"): only the
 * tightest bound of a field is said.
 */
export function distinctDetails(details: readonly ValidationDetail[]): ValidationDetail[] {
  const tightest = new Map<string, number>();
  for (const detail of details) {
    const bound = boundOf(detail.message);
    if (bound === undefined) continue;
    const key = JSON.stringify([detail.location, detail.field, bound.upper]);
    const known = tightest.get(key);
    const tighter = known === undefined || (bound.upper ? bound.limit < known : bound.limit > known);
    if (tighter) tightest.set(key, bound.limit);
  }
  const seen = new Set<string>();
  return details.filter((detail) => {
    const bound = boundOf(detail.message);
    if (bound && tightest.get(JSON.stringify([detail.location, detail.field, bound.upper])) !== bound.limit)
      return false;
    const key = JSON.stringify([detail.location, detail.field, detail.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Rules of a part of the request broken, said as a route's schema would say them. */
export function invalidRequest(details: readonly ValidationDetail[]): AppError {
  const distinct = distinctDetails(details);
  return new AppError(400, ERROR_CODES.validation, describeValidation(distinct), distinct);
}

/** A rule of the request broken; `field` names the body field the console marks. */
export function badRequest(message: string, field?: string): AppError {
  return new AppError(
    400,
    ERROR_CODES.validation,
    message,
    field === undefined ? undefined : [{ location: 'body', field, message }],
  );
}

export function forbidden(message: string = FORBIDDEN_MESSAGE): AppError {
  return new AppError(403, ERROR_CODES.forbidden, message);
}

/** Too many attempts from one client: the caller sets Retry-After. */
export function rateLimited(): AppError {
  return new AppError(429, ERROR_CODES.rateLimited, RATE_LIMITED_MESSAGE);
}

export function unauthenticated(): AppError {
  return new AppError(401, ERROR_CODES.unauthenticated, UNAUTHENTICATED_MESSAGE);
}

/** A refusal: understood and turned down by a rule, so nothing changed. */
export function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.statusCode < 500;
}

const UNIQUE_VIOLATION = '23505';

/** PostgreSQL's (and PGlite's) answer to a second row with the same unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;
}

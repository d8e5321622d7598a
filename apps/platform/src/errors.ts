import { ERROR_CODES } from '@web-control/contract/errors';

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

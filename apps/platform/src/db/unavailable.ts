import { errorCode } from '../startup-error.ts';

/**
 * Telling "PostgreSQL cannot be reached" from any other database error, so the central error
 * handler answers 503 with Retry-After instead of 500. PGlite runs in this process: it has no
 * connection to lose, so none of its errors count.
 */

/** Errors the pool gave instead of a connection: whatever the reason, no query could run. */
const connectFailures = new WeakSet<object>();

/** Marks an error of opening (or waiting for) a pooled connection; answers the same error. */
export function markConnectFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) {
    connectFailures.add(error);
  }
  return error;
}

/** The socket to the server failed: refused, reset, timed out, no route. */
const SOCKET_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The server ends or refuses sessions: an administrator, a crash, a start or stop under way. */
const SHUTDOWN_SQLSTATES = new Set(['57P01', '57P02', '57P03']);

/** SQLSTATE class 08: connection exception. */
const CONNECTION_EXCEPTION_CLASS = '08';

/** pg's own errors of a connection lost in use carry no code, only these messages. */
const LOST_CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  // query_timeout: the server did not even answer the cancel of statement_timeout.
  'Query read timeout',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  if (connectFailures.has(error)) {
    return true;
  }
  const code = errorCode(error);
  if (code !== undefined) {
    return (
      SOCKET_ERROR_CODES.has(code) ||
      SHUTDOWN_SQLSTATES.has(code) ||
      code.startsWith(CONNECTION_EXCEPTION_CLASS)
    );
  }
  return error instanceof Error && LOST_CONNECTION_MESSAGES.has(error.message);
}

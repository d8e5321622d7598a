import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '@web-control/contract/errors';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  describeValidation,
  distinctDetails,
  INTERNAL_ERROR_MESSAGE,
} from '../errors.ts';

export const NOT_FOUND_MESSAGE = 'The requested resource was not found.';
export const PAYLOAD_TOO_LARGE_MESSAGE = 'The request is too large.';
export const URI_TOO_LONG_MESSAGE = 'The address is too long.';
export const BAD_URL_MESSAGE = 'The address is not valid.';
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large.';
export const CLIENT_TIMEOUT_MESSAGE = 'The request took too long to arrive.';
export const BAD_REQUEST_MESSAGE = 'The request could not be read.';
/** Path parameters up to this length reach the routes (reset tokens are up to 256 characters). */
export const MAX_PARAM_LENGTH = 256;

/** The field an issue is about, or the part of the request it is in when it is about the whole. */
function toFieldName(instancePath: string, location: string): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? `(${location})` : field;
}

function send(reply: FastifyReply, statusCode: number, body: ErrorBody): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  return (
    error instanceof Error &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

/**
 * The one error handler: 4xx with a readable message, 5xx with a generic one and a correlation id;
 * a database that cannot be reached is 503 with Retry-After, since trying again later will work.
 */
const errorHandler: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const details = distinctDetails(
        error.validation.map((issue) => ({
          location,
          field: toFieldName(issue.instancePath, location),
          message: issue.message ?? 'Invalid value',
        })),
      );
      return send(reply, 400, {
        errorMessage: describeValidation(details),
        code: ERROR_CODES.validation,
        details,
      });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) {
        request.log.error({ err: error }, 'Application error');
      }
      const body: ErrorBody = { errorMessage: error.message, code: error.code };
      if (error.details !== undefined) {
        body.details = error.details;
      }
      return send(reply, error.statusCode, body);
    }
    if (isFastifyClientError(error)) {
      // Fastify's own 4xx errors (bad JSON, wrong content type, body too large) are safe to show.
      if (error.statusCode === 413) {
        return send(reply, 413, {
          errorMessage: PAYLOAD_TOO_LARGE_MESSAGE,
          code: ERROR_CODES.payloadTooLarge,
        });
      }
      return send(reply, error.statusCode, { errorMessage: error.message, code: ERROR_CODES.badRequest });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, correlationId: request.id }, 'Database unavailable');
      reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return send(reply, 503, {
        errorMessage: DATABASE_UNAVAILABLE_MESSAGE,
        code: ERROR_CODES.databaseUnavailable,
        details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
        correlationId: request.id,
      });
    }
    // The detail goes to the log only; the caller gets the id to quote to support.
    request.log.error({ err: error, correlationId: request.id }, 'Unhandled error');
    return send(reply, 500, {
      errorMessage: INTERNAL_ERROR_MESSAGE,
      code: ERROR_CODES.internal,
      correlationId: request.id,
    });
  });
  done();
};

/** Fastify's errors raised before routing (an address too long or badly encoded), in the common shape. */
function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.statusCode === 414) {
    send(reply, 414, { errorMessage: URI_TOO_LONG_MESSAGE, code: ERROR_CODES.uriTooLong });
    return;
  }
  send(reply, 400, { errorMessage: BAD_URL_MESSAGE, code: ERROR_CODES.badRequest });
}

/** Errors of the HTTP parser, before there is a request: written on the socket in the common shape. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const [status, body]: [number, ErrorBody] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { errorMessage: HEADERS_TOO_LARGE_MESSAGE, code: ERROR_CODES.headersTooLarge }]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { errorMessage: CLIENT_TIMEOUT_MESSAGE, code: ERROR_CODES.badRequest }]
        : [400, { errorMessage: BAD_REQUEST_MESSAGE, code: ERROR_CODES.badRequest }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** Server options the central handler needs: they act before any plugin can, so Fastify() takes them. */
export const ERROR_SERVER_OPTIONS = {
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  frameworkErrors: sendFrameworkError,
  clientErrorHandler: answerClientError,
} satisfies FastifyServerOptions;

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });

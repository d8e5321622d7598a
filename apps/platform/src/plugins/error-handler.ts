import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '@web-control/contract/errors';
import { AppError, INTERNAL_ERROR_MESSAGE } from '../errors.ts';

export const NOT_FOUND_MESSAGE = 'The requested resource was not found.';
export const PAYLOAD_TOO_LARGE_MESSAGE = 'The request is too large.';

export interface ValidationDetail {
  location: string;
  field: string;
  message: string;
}

function toFieldName(instancePath: string): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return field === '' ? '(body)' : field;
}

/** "username: Please enter a valid username; password: Please enter your password" */
function describeValidation(details: ValidationDetail[]): string {
  return `Invalid request: ${details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')}`;
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

/** The one error handler: 4xx with a readable message, 5xx with a generic one and a correlation id. */
const errorHandler: FastifyPluginCallback = (app, _options, done) => {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const location = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        location,
        field: toFieldName(issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
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

export const errorHandlerPlugin = fp(errorHandler, { name: 'error-handler' });

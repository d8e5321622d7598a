import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@web-control/contract/errors';
import { AppError } from '../errors.ts';

export const UNSUPPORTED_ENCODING_MESSAGE = (encoding: string) =>
  `A request body with Content-Encoding '${encoding}' is not accepted: please send it uncompressed.`;

/** The only request Content-Encoding the platform reads: the body as it is. */
const IDENTITY = 'identity';

/**
 * Every request body is read as sent: one declaring a Content-Encoding is refused with 415 before
 * any route sees it, so a compressed upload is never parsed, or stored, as if it were the file.
 */
const contentEncoding: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onRequest', (request, _reply, next) => {
    const header = request.headers['content-encoding'];
    if (header === undefined) {
      next();
      return;
    }
    const codings = header
      .split(',')
      .map((coding) => coding.trim().toLowerCase())
      .filter((coding) => coding !== '');
    next(
      codings.every((coding) => coding === IDENTITY)
        ? undefined
        : new AppError(415, ERROR_CODES.unsupportedMediaType, UNSUPPORTED_ENCODING_MESSAGE(header)),
    );
  });
  done();
};

export const contentEncodingPlugin = fp(contentEncoding, { name: 'content-encoding' });

import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@web-control/contract/errors';
import { wellFormedText } from '@web-control/contract/inputs';
import type { Permission } from '@web-control/contract/permissions';
import { IF_MATCH_HEADER, versionOfEntityTag } from '@web-control/contract/versions';
import { badRequest, rateLimited } from '../errors.ts';

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
    errorResponseBuilder: rateLimited,
  };
}

export const IF_MATCH_INVALID_MESSAGE = 'If-Match must name one version in quotes, e.g. "3"';

/**
 * The version a save was made against (If-Match: "<version>"); undefined without the header, so
 * the save is unconditional. Anything else is a 400.
 */
export function expectedVersionOf(request: FastifyRequest): number | undefined {
  const tag = request.headers[IF_MATCH_HEADER];
  if (tag === undefined) {
    return undefined;
  }
  const version = typeof tag === 'string' ? versionOfEntityTag(tag) : undefined;
  if (version === undefined) {
    throw badRequest(IF_MATCH_INVALID_MESSAGE);
  }
  return version;
}

/** Characters RFC 5987 lets stand in `filename*` beside letters and digits; encodeURIComponent leaves a few more. */
const NOT_ATTR_CHAR = /['()*]/g;
/** What the plain `filename` fallback cannot carry: anything but printable ASCII, quotes and backslashes. */
const NOT_QUOTABLE = /[^\x20-\x7e]|["\\]/g;
// eslint-disable-next-line no-control-regex -- control characters never belong in a saved name
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The Content-Disposition of every download (RFC 6266): an ASCII `filename` for old clients and the
 * exact name as `filename*=UTF-8''…` (RFC 5987), so no name can break the header or fail to be sent.
 */
export function attachmentHeader(fileName: string): string {
  const name = wellFormedText(fileName).replace(CONTROL, '');
  const fallback = name.replace(NOT_QUOTABLE, '_');
  const encoded = encodeURIComponent(name).replace(
    NOT_ATTR_CHAR,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A CSV a service writes chunk by chunk, waiting for the client to take each one. */
export interface CsvDownload {
  fileName: string;
  writeTo(write: (chunk: string | Uint8Array) => Promise<void>): Promise<void>;
}

/** Streams a CSV download as an attachment; a failure midway is logged and cuts the stream. */
export function sendCsvDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  download: CsvDownload,
  what: string,
) {
  const stream = new PassThrough();
  const write = async (chunk: string | Uint8Array) => {
    if (stream.destroyed) throw new Error(`The client went away during the ${what}`);
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), once(stream, 'close')]);
  };
  download.writeTo(write).then(
    () => stream.end(),
    (error: unknown) => {
      request.log.error({ err: error }, `The ${what} stopped`);
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentHeader(download.fileName))
    .header('cache-control', 'no-store')
    .send(stream);
}

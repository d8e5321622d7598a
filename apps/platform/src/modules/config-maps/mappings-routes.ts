import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadFileNameOf,
  JSON_PATCH_CONTENT_TYPE,
  mapIdParamsSchema,
  mappingParamsSchema,
  mappingPatchSchema,
  MAPPINGS_FILE_FIELD,
  MAPPINGS_UPLOAD_MAX_BYTES,
  mappingsQuerySchema,
  mappingsResponseSchema,
  uploadMappingsResponseSchema,
  createMappingBodySchema,
} from '@web-control/contract/config-maps';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import { text } from '@web-control/contract/inputs';
import { AppError, badRequest } from '../../errors.ts';
import { actorOf } from '../../plugins/auth-guard.ts';
import {
  attachmentHeader,
  BEARER_SECURITY,
  NO_CONTENT_SCHEMA,
  permissions,
} from '../../plugins/route-helpers.ts';
import type { MappingsPage } from './mappings-reader.ts';
import { CHANGE_REFUSALS, CONFIG_MAPS_TAGS, READ_REFUSALS, type ConfigMapsRoutesOptions } from './routes.ts';

export const CONFIG_ROUTE_MESSAGES = {
  tooLarge: `The file is larger than the limit of ${MAPPINGS_UPLOAD_MAX_BYTES / (1024 * 1024)} MiB.`,
  noFile: `Send the mappings file as multipart/form-data in the field '${MAPPINGS_FILE_FIELD}'.`,
  patchType: `Send the change as ${JSON_PATCH_CONTENT_TYPE}: a test of the old value, then a replace.`,
} as const;

/** Room for the multipart framing and any small fields besides the file. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** What the upload route (and the Idempotency-Key hash) sees of the multipart body. */
const uploadedBodySchema = z.object({
  sha256: text(),
  size: z.number(),
  fileName: text().nullable(),
});
type UploadedBody = z.infer<typeof uploadedBodySchema>;

/** A download's body: the file, streamed as it is read. */
const fileStreamSchema = z
  .custom<Readable>((value) => value instanceof Readable)
  .describe('The mappings file (download-format): application/octet-stream, as an attachment');

const QUERY_KEPT = [
  'key-prefix',
  'value-prefix',
  'version',
  'version-from',
  'updates-only',
  'page-size',
] as const;

/** The page URLs: this path with the query's filters, and a key to continue from. */
function pagingOf(request: FastifyRequest, page: MappingsPage) {
  const [path = ''] = request.url.split('?');
  const kept = new URLSearchParams();
  const query = request.query as Record<string, unknown>;
  const raw = new URLSearchParams(request.url.split('?')[1] ?? '');
  for (const name of QUERY_KEPT) {
    const value = raw.get(name);
    if (value !== null && query[name] !== undefined) kept.set(name, value);
  }
  const url = (extra: Record<string, string>) => {
    const params = new URLSearchParams(kept);
    for (const [name, value] of Object.entries(extra)) params.set(name, value);
    const text = params.toString();
    return text === '' ? path : `${path}?${text}`;
  };
  return {
    nextPage: page.hasNext && page.last !== undefined ? url({ 'after-key': page.last }) : null,
    previousPage: !page.hasPrevious
      ? null
      : page.first === undefined
        ? url({})
        : url({ 'before-key': page.first }),
    firstPage: url({}),
  };
}

/** A map's mappings at /api/config/maps/{id}/mappings: the list and its download, single changes and the upload. */
export const configMappingsRoutes: FastifyPluginCallbackZod<ConfigMapsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  const files = new WeakMap<FastifyRequest, { content: Buffer; fileName: string | undefined }>();
  const tooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, CONFIG_ROUTE_MESSAGES.tooLarge);

  app.addContentTypeParser(JSON_PATCH_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, parsed) => {
    try {
      parsed(null, JSON.parse(String(body)) as unknown);
    } catch {
      parsed(badRequest(CONFIG_ROUTE_MESSAGES.patchType), undefined);
    }
  });
  // Scoped to these routes; the field is a file even without a file name, so its bytes stay exact.
  void app.register(fastifyMultipart, {
    limits: { fileSize: MAPPINGS_UPLOAD_MAX_BYTES, fieldSize: MULTIPART_SLACK_BYTES, parts: 100 },
    isPartAFile: (fieldName, contentType, fileName) =>
      fieldName === MAPPINGS_FILE_FIELD ||
      contentType === 'application/octet-stream' ||
      fileName !== undefined,
  });
  /** The file's refusal: over the cap 413; a body that is not readable multipart, no file. */
  const refusalOf = (error: unknown): unknown => {
    if (error instanceof AppError) return error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) return tooLarge();
    if (error instanceof app.multipartErrors.PartsLimitError) return error;
    return badRequest(CONFIG_ROUTE_MESSAGES.noFile, MAPPINGS_FILE_FIELD);
  };
  // Before the Idempotency-Key hook, which hashes this body: the route sees the digest and name, never the bytes.
  const readUpload = async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) return;
    if (Number(request.headers['content-length'] ?? 0) > MAPPINGS_UPLOAD_MAX_BYTES + MULTIPART_SLACK_BYTES) {
      throw tooLarge();
    }
    let file: { content: Buffer; fileName: string | undefined } | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (file === undefined && part.fieldname === MAPPINGS_FILE_FIELD) {
          file = { content: await part.toBuffer(), fileName: part.filename };
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      throw refusalOf(error);
    }
    if (file === undefined) throw badRequest(CONFIG_ROUTE_MESSAGES.noFile, MAPPINGS_FILE_FIELD);
    files.set(request, file);
    const body: UploadedBody = {
      sha256: createHash('sha256').update(file.content).digest('hex'),
      size: file.content.length,
      fileName: file.fileName ?? null,
    };
    request.body = body;
  };

  app.get(
    '/maps/:id/mappings',
    {
      config: permissions('VIEW_MAPPINGS'),
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary:
          'Mappings at `version` compared with `version-from`, keyset-paged; with download-format the whole selection as an attachment (application/octet-stream)',
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        querystring: mappingsQuerySchema,
        response: {
          200: z.union([mappingsResponseSchema, fileStreamSchema]),
          ...READ_REFUSALS,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const listQuery = {
        keyPrefix: query['key-prefix'],
        valuePrefix: query['value-prefix'],
        version: query.version,
        versionFrom: query['version-from'],
        updatesOnly: query['updates-only'],
        afterKey: query['after-key'],
        beforeKey: query['before-key'],
        pageSize: query['page-size'],
      };
      const format = query['download-format'];
      if (format !== undefined) {
        await service.getMap(request.params.id);
        const stream = Readable.from(service.download(request.params.id, listQuery, format));
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', attachmentHeader(downloadFileNameOf(request.params.id, format)))
          .header('cache-control', 'no-store')
          .send(stream);
      }
      const page = await service.listMappings(request.params.id, listQuery);
      return { ...page.response, paging: pagingOf(request, page) };
    },
  );

  app.post(
    '/maps/:id/mappings',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'Add a mapping as an unsubmitted change (409 when the key exists)',
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        body: createMappingBodySchema,
        response: { 204: NO_CONTENT_SCHEMA, ...CHANGE_REFUSALS },
      },
    },
    async (request, reply) => {
      await service.addMapping(actorOf(request), request.params.id, request.body.key, request.body.value);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/maps/:id/mappings',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: `Upload (multipart field ${MAPPINGS_FILE_FIELD}, CSV with a key,value header or a JSON array of {key, value}): replaces the whole map as unsubmitted changes, or refuses the file and changes nothing`,
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        response: { 200: uploadMappingsResponseSchema, ...CHANGE_REFUSALS, 413: errorBodySchema },
      },
      preValidation: readUpload,
    },
    async (request) => {
      const file = files.get(request);
      const body = uploadedBodySchema.safeParse(request.body);
      if (file === undefined || !body.success)
        throw badRequest(CONFIG_ROUTE_MESSAGES.noFile, MAPPINGS_FILE_FIELD);
      return service.uploadMappings(actorOf(request), request.params.id, {
        content: file.content,
        fileName: file.fileName,
        sha256: body.data.sha256,
      });
    },
  );

  app.patch(
    '/maps/:id/mappings/:key',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: `Change a value (${JSON_PATCH_CONTENT_TYPE}: test the old value, then replace); 409 and no change when the test fails`,
        security: BEARER_SECURITY,
        params: mappingParamsSchema,
        body: mappingPatchSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...CHANGE_REFUSALS, 415: errorBodySchema },
      },
      preValidation: (request, _reply, next) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        next(
          type === JSON_PATCH_CONTENT_TYPE
            ? undefined
            : new AppError(415, ERROR_CODES.badRequest, CONFIG_ROUTE_MESSAGES.patchType),
        );
      },
    },
    async (request, reply) => {
      await service.patchMapping(actorOf(request), request.params.id, request.params.key, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/maps/:id/mappings/:key',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'Delete a mapping as an unsubmitted change',
        security: BEARER_SECURITY,
        params: mappingParamsSchema,
        response: { 204: NO_CONTENT_SCHEMA, ...CHANGE_REFUSALS },
      },
    },
    async (request, reply) => {
      await service.deleteMapping(actorOf(request), request.params.id, request.params.key);
      return reply.code(204).send(null);
    },
  );

  done();
};

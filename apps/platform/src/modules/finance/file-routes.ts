import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, errorBodySchema } from '@web-control/contract/errors';
import {
  downloadQuerySchema,
  downloadTokenQuerySchema,
  downloadTokenResponseSchema,
  fileIdParamsSchema,
  FINANCE_UPLOAD_HEADERS,
  reconFilesQuerySchema,
  reconFilesResponseSchema,
  uploadCandidatesQuerySchema,
  uploadCandidatesResponseSchema,
  uploadHeadersSchema,
  uploadResponseSchema,
} from '@web-control/contract/finance';
import { actionRequestedResponseSchema, fileActionBodySchema } from '@web-control/contract/finance-actions';
import { AppError, badRequest, forbidden } from '../../errors.ts';
import { actorOf, PUBLIC_ROUTE } from '../../plugins/auth-guard.ts';
import { attachmentHeader, BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import { spoolUpload } from './file-content.ts';
import { FINANCE_MESSAGES } from './messages.ts';
import type { FinanceRoutesOptions } from './routes.ts';

const TAGS = ['finance'];
/** A file's bytes: its exceptions built in memory, the file itself streamed from storage. */
const fileBytesSchema = z
  .custom<Uint8Array | Readable>((value) => value instanceof Uint8Array || value instanceof Readable)
  .describe('The file’s bytes');
const READ_REFUSALS = refusals(404);
const CHANGE_REFUSALS = refusals(404, 409);

interface UploadedBody {
  sha256: string;
  size: number;
  headers: Record<string, string | undefined>;
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The files API at /api/recon/files: upload, inbox, rollback, reload and downloads. */
export const filesRoutes: FastifyPluginCallbackZod<FinanceRoutesOptions> = (
  app,
  { service, uploadMaxBytes },
  done,
) => {
  const uploads = new WeakMap<FastifyRequest, Awaited<ReturnType<typeof spoolUpload>>>();
  const tooLarge = () =>
    new AppError(413, ERROR_CODES.payloadTooLarge, FINANCE_MESSAGES.tooLarge(uploadMaxBytes));

  // The raw file streams under its own cap into a temporary file, never whole in memory; the body
  // the route (and the idempotency check) sees is its digest and the headers that say what it is.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: AsyncIterable<Buffer>) => {
    if (Number(request.headers['content-length'] ?? 0) > uploadMaxBytes) {
      throw tooLarge();
    }
    const upload = await spoolUpload(payload, uploadMaxBytes, tooLarge);
    uploads.set(request, upload);
    const body: UploadedBody = {
      sha256: upload.content.sha256,
      size: upload.content.size,
      headers: Object.fromEntries(
        Object.values(FINANCE_UPLOAD_HEADERS).map((name) => [name, headerOf(request, name)]),
      ),
    };
    return body;
  });
  const discard = async (request: FastifyRequest) => {
    await uploads.get(request)?.discard();
    uploads.delete(request);
  };
  app.addHook('onResponse', discard);
  app.addHook('onRequestAbort', discard);

  app.get(
    '/processes',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'The processes a file name belongs to (by their parties’ name patterns)',
        security: BEARER_SECURITY,
        querystring: uploadCandidatesQuerySchema,
        response: { 200: uploadCandidatesResponseSchema, ...refusals() },
      },
    },
    async (request) => ({ processes: await service.uploadCandidates(request.query.filename) }),
  );

  app.post(
    '/',
    {
      config: { ...permissions('SUBMIT_ACTIONS'), idempotent: true },
      schema: {
        tags: TAGS,
        summary: `Upload a file (the raw body, UTF-8, uncompressed, at most FINANCE_UPLOAD_MAX_BYTES) with headers ${Object.values(FINANCE_UPLOAD_HEADERS).join(', ')} (file name and comment percent-encoded UTF-8); each process gets a LOAD_FILE action awaiting approval. 409 when the file (by SHA-256) is already there, 400 when it is not UTF-8, 415 with a Content-Encoding`,
        security: BEARER_SECURITY,
        response: {
          201: uploadResponseSchema,
          ...CHANGE_REFUSALS,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const content = uploads.get(request)?.content;
      const body = request.body as UploadedBody | undefined;
      if (content === undefined || body === undefined) throw badRequest(FINANCE_MESSAGES.noFileBody);
      if (body.size === 0) throw badRequest(FINANCE_MESSAGES.emptyFile);
      const headers = uploadHeadersSchema.safeParse(body.headers);
      if (!headers.success) {
        const issue = headers.error.issues[0];
        throw badRequest(`${String(issue?.path[0] ?? 'header')}: ${issue?.message ?? 'invalid'}`);
      }
      const result = await service.upload(actorOf(request), {
        fileName: headers.data[FINANCE_UPLOAD_HEADERS.fileName],
        comment: headers.data[FINANCE_UPLOAD_HEADERS.comment],
        processIds: headers.data[FINANCE_UPLOAD_HEADERS.processId],
        content,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/',
    {
      config: permissions('VIEW_PROCESSES'),
      schema: {
        tags: TAGS,
        summary: 'The inbox: files of the given processes, newest first',
        security: BEARER_SECURITY,
        querystring: reconFilesQuerySchema,
        response: { 200: reconFilesResponseSchema, ...refusals() },
      },
    },
    async (request) => service.listFiles(request.query),
  );

  for (const [path, type, permission] of [
    ['rollback', 'ROLLBACK_FILE', 'RECON_ROLLBACK_FILE'],
    ['reload', 'RELOAD_FILE', 'RECON_RELOAD_FILE'],
  ] as const) {
    app.post(
      `/:id/${path}`,
      {
        config: { ...permissions(permission), idempotent: true },
        schema: {
          tags: TAGS,
          summary: `Request a ${path} of a file (a ${type} action awaiting approval)`,
          security: BEARER_SECURITY,
          params: fileIdParamsSchema,
          body: fileActionBodySchema,
          response: { 201: actionRequestedResponseSchema, ...CHANGE_REFUSALS },
        },
      },
      async (request, reply) => {
        const result = await service.requestFileAction(
          actorOf(request),
          type,
          request.params.id,
          request.body.comment,
        );
        return reply.code(201).send(result);
      },
    );
  }

  app.get(
    '/token',
    {
      // Any signed-in user: an inbox file needs DOWNLOAD_INBOX_FILES, an extract VIEW_PROCESSES (and an
      // exceptions extract DOWNLOAD_INBOX_FILES too: the service knows its kind).
      config: permissions(),
      schema: {
        tags: TAGS,
        summary:
          'A single-use download token, valid for a minute, for an inbox file (its id; DOWNLOAD_INBOX_FILES) or an extract (its path; VIEW_PROCESSES, and DOWNLOAD_INBOX_FILES for an exceptions extract)',
        security: BEARER_SECURITY,
        querystring: downloadTokenQuerySchema,
        response: { 200: downloadTokenResponseSchema, ...READ_REFUSALS },
      },
    },
    async (request) => {
      const fileIdentifier = request.query.fileIdentifier;
      const needed = typeof fileIdentifier === 'number' ? 'DOWNLOAD_INBOX_FILES' : 'VIEW_PROCESSES';
      const held = request.user?.permissions ?? [];
      if (!held.includes(needed)) {
        throw forbidden();
      }
      return service.downloadToken(actorOf(request), fileIdentifier, held);
    },
  );

  for (const [path, what] of [
    ['download', 'file'],
    ['exceptions', 'exceptions'],
  ] as const) {
    app.get(
      `/:id/${path}`,
      {
        // Opened in a new window, so no bearer header: the single-use token is the credential.
        config: PUBLIC_ROUTE,
        schema: {
          tags: TAGS,
          summary:
            what === 'file'
              ? 'The raw file, with a token from /token'
              : 'The file’s refused rows as CSV (line, reason, row), with a token from /token',
          params: fileIdParamsSchema,
          querystring: downloadQuerySchema,
          response: { 200: fileBytesSchema, ...READ_REFUSALS },
        },
      },
      async (request, reply) => {
        const file = await service.download(request.params.id, request.query.access_token, what);
        return reply
          .header('content-type', what === 'file' ? 'application/octet-stream' : 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader(file.fileName))
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );
  }
  done();
};

import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportTokenResponseSchema } from '@web-control/contract/exports';
import { text } from '@web-control/contract/inputs';
import { actorOf } from '../../plugins/auth-guard.ts';
import { sendCsvDownload, BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { ExportsService } from './service.ts';

const listParamsSchema = z.object({ list: text().min(1).max(64) });

const downloadQuerySchema = z.object({ access_token: text().min(1).max(256) });
const csvStreamSchema = z.custom<Readable>((value) => value instanceof Readable).describe('CSV (text/csv)');

/** Exports at /api/exports/{list}: a token (the list's permission), then the CSV by that token. */
export const exportsRoutes: FastifyPluginCallbackZod<{ service: ExportsService }> = (
  app,
  { service },
  done,
) => {
  app.post(
    '/:list/token',
    {
      // Each list names its own permission; the service checks it.
      config: permissions(),
      schema: {
        tags: ['exports'],
        summary:
          'A single-use token, valid for a minute, for the CSV export of every row of a list’s filter (the body); needs the permission that views the list',
        security: BEARER_SECURITY,
        params: listParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: exportTokenResponseSchema, ...refusals(404) },
      },
    },
    async (request) => {
      const user = request.user;
      const actor = actorOf(request);
      return service.issueToken(
        { userId: actor.userId ?? '', username: actor.username, permissions: user?.permissions ?? [] },
        request.params.list,
        request.body,
      );
    },
  );

  app.get(
    '/:list',
    {
      // The single-use token stands for the user, as a browser download carries no header.
      config: { access: 'public' },
      schema: {
        tags: ['exports'],
        summary: 'The list’s CSV export, streamed: the screen’s column headers, then every row of the filter',
        params: listParamsSchema,
        querystring: downloadQuerySchema,
        response: { 200: csvStreamSchema, ...refusals(404) },
      },
    },
    async (request, reply) => {
      const download = await service.open(request.params.list, request.query.access_token);
      return sendCsvDownload(request, reply, download, 'export');
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  clientParamsSchema,
  clientsResponseSchema,
  configMapSchema,
  createMapBodySchema,
  createMapResponseSchema,
  mapIdParamsSchema,
  mapsQuerySchema,
  mapsResponseSchema,
  mapVersionSchema,
  pushResponseSchema,
  registerClientBodySchema,
  registerClientResponseSchema,
  reviewBodySchema,
  submitVersionBodySchema,
  versionParamsSchema,
  versionsQuerySchema,
  versionsResponseSchema,
} from '@web-control/contract/config-maps';
import { actorOf } from '../../plugins/auth-guard.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { ConfigMapsService } from './service.ts';

export interface ConfigMapsRoutesOptions {
  service: ConfigMapsService;
}

export const CONFIG_MAPS_TAGS = ['config maps'];
export const READ_REFUSALS = refusals(404);
export const CHANGE_REFUSALS = refusals(404, 409);

/**
 * The config API at /api/config: maps, versions, reviews, push and client registrations (a map's
 * mappings: mappings-routes.ts).
 */
export const configMapsRoutes: FastifyPluginCallbackZod<ConfigMapsRoutesOptions> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/maps',
    {
      config: permissions('VIEW_MAPPINGS'),
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary:
          'Every map with its versions and client statuses; only-pending-review=true: maps awaiting review',
        security: BEARER_SECURITY,
        querystring: mapsQuerySchema,
        response: { 200: mapsResponseSchema, ...refusals() },
      },
    },
    async (request) => ({
      maps: await service.listMaps({ onlyPendingReview: request.query['only-pending-review'] }),
    }),
  );

  app.post(
    '/maps',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'Create an empty map; its name is its id (409 when taken)',
        security: BEARER_SECURITY,
        body: createMapBodySchema,
        response: { 201: createMapResponseSchema, ...refusals(409) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createMap(actorOf(request), request.body)),
  );

  app.post(
    '/maps/push',
    {
      config: { ...permissions('PUSH_MAPS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: "Push Changes: publish every map's applied version to its subscribed clients",
        security: BEARER_SECURITY,
        response: { 200: pushResponseSchema, ...refusals() },
      },
    },
    async (request) => service.push(actorOf(request)),
  );

  app.get(
    '/maps/:id',
    {
      config: permissions('VIEW_MAPPINGS'),
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'One map',
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        response: { 200: configMapSchema, ...READ_REFUSALS },
      },
    },
    async (request) => service.getMap(request.params.id),
  );

  app.get(
    '/maps/:id/versions',
    {
      config: permissions('VIEW_MAPPINGS'),
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: "A map's versions, newest first, optionally of one state",
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        querystring: versionsQuerySchema,
        response: { 200: versionsResponseSchema, ...READ_REFUSALS },
      },
    },
    async (request) => ({ versions: await service.listVersions(request.params.id, request.query.state) }),
  );

  app.post(
    '/maps/:id/versions',
    {
      config: { ...permissions('EDIT_MAPPINGS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'Submit the unsubmitted changes for review (joining any unreviewed submission)',
        security: BEARER_SECURITY,
        params: mapIdParamsSchema,
        body: submitVersionBodySchema,
        response: { 201: mapVersionSchema, ...CHANGE_REFUSALS },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.submit(actorOf(request), request.params.id, request.body.comment)),
  );

  app.post(
    '/maps/:id/versions/:versionId/reviews',
    {
      config: { ...permissions('APPROVE_MAPS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary:
          'Review the newest submitted version (and every one bundled with it): approve applies it, reject discards every change; never your own submission',
        security: BEARER_SECURITY,
        params: versionParamsSchema,
        body: reviewBodySchema,
        response: { 200: mapVersionSchema, ...CHANGE_REFUSALS },
      },
    },
    async (request) =>
      service.review(
        actorOf(request),
        request.params.id,
        request.params.versionId,
        request.body.approved,
        request.body.comment,
      ),
  );

  app.get(
    '/clients',
    {
      config: permissions('PUSH_MAPS'),
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary: 'The registered clients (switch nodes) and the maps each subscribes to',
        security: BEARER_SECURITY,
        response: { 200: clientsResponseSchema, ...refusals() },
      },
    },
    async () => service.listClients(),
  );

  app.put(
    '/clients/:clientId',
    {
      config: { ...permissions('PUSH_MAPS'), idempotent: true },
      schema: {
        tags: CONFIG_MAPS_TAGS,
        summary:
          'Register a client (or issue it a new secret) subscribed to exactly the maps named; the secret is in this answer only',
        security: BEARER_SECURITY,
        params: clientParamsSchema,
        body: registerClientBodySchema,
        response: { 200: registerClientResponseSchema, ...refusals() },
      },
    },
    async (request) => service.registerClient(actorOf(request), request.params.clientId, request.body.maps),
  );
  done();
};

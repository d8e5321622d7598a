import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT_VERSION } from '@web-control/contract/health';
import { markRoutesPublic } from './auth-guard.ts';

export const API_DOCS_PATH = '/api/docs';

/** Collects the OpenAPI document from every route's zod schemas; must be registered before the routes. */
const openApi: FastifyPluginAsync<{ productName: string }> = async (app, options) => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${options.productName} platform API`, version: PRODUCT_VERSION },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Switch nodes fetching configuration maps: client id and secret.
          clientBasicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Emits the schemas named with `.meta({ id })` as components, which the `$ref`s point at.
    transformObject: jsonSchemaTransformObject,
  });
  // The document is built once and kept; building it is a second of one core on a busy machine,
  // which the first reader of /api/docs would otherwise wait for.
  app.addHook('onListen', () => {
    setImmediate(() => app.swagger());
  });
};

export const openApiPlugin = fp(openApi, { name: 'openapi' });

/** The browsable page; its HTML loads only its own script files, so the strict CSP holds. */
export const apiDocsUiPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', markRoutesPublic);
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: { validatorUrl: null, persistAuthorization: false },
  });
};

import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1_024;
/** application/json and its +json kinds (problem details, OpenAPI). */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;
/** @fastify/compress leaves an answer alone when its request carries this header. */
const NO_COMPRESSION_HEADER = 'x-no-compression';

/**
 * Brotli or gzip, as the browser accepts, for JSON answers only: streamed CSV and file downloads
 * go out as they are written, and the console's assets are served precompressed by the build.
 */
const compression: FastifyPluginAsync = async (app) => {
  // Runs before the plugin's own route-level onSend hook. Without it the plugin would compress
  // every type mime-db calls compressible (CSV, octet-stream, scripts), streams included.
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !JSON_CONTENT_TYPE.test(type)) {
      request.headers[NO_COMPRESSION_HEADER] = 'not-json';
    }
    return payload;
  });
  await app.register(compress, {
    // Request bodies are read as sent (plugins/content-encoding.ts refuses encoded ones with 415).
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: JSON_CONTENT_TYPE,
  });
};

export const compressionPlugin = fp(compression, { name: 'compression' });

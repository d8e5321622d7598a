import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the app closes, every answer ends its connection (`Connection: close`). Node's
 * server.close() only drops the connections idle at that moment, so a keep-alive connection
 * whose request was in flight would hold the shutdown open after its answer until the client
 * hung up.
 */
const closeConnections: FastifyPluginCallback = (app, _options, done) => {
  let closing = false;
  app.addHook('preClose', (hookDone) => {
    closing = true;
    hookDone();
  });
  app.addHook('onSend', (_request, reply, payload, hookDone) => {
    if (closing) void reply.header('connection', 'close');
    hookDone(null, payload);
  });
  done();
};

export const closeConnectionsPlugin = fp(closeConnections, { name: 'close-connections' });

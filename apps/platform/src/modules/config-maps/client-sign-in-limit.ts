import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../../errors.ts';
import { MINUTE_MS } from '../../time.ts';

/** Failed client API sign-ins one client id may have from one address in a window; then 429 until it ends. */
export const CLIENT_SIGN_IN_FAILURE_LIMIT = 10;
export const CLIENT_SIGN_IN_WINDOW_MS = MINUTE_MS;

export interface ClientCredentials {
  clientId: string;
  secret: string;
}

const BASIC_PATTERN = /^Basic\s+([A-Za-z0-9+/=]+)$/i;

/** The client id and secret of an HTTP Basic Authorization header, if it holds them. */
export function clientCredentialsOf(request: FastifyRequest): ClientCredentials | undefined {
  const encoded = BASIC_PATTERN.exec(request.headers.authorization ?? '')?.[1];
  const decoded = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) } : undefined;
}

export interface ClientSignInRefusal {
  /** The client id the request named ('' without one). */
  clientId: string;
  clientAddress: string;
  retryAfterSeconds: number;
}

/**
 * The login rate limit's mechanism (@fastify/rate-limit), counting failures only: per client id
 * and address, so a client that signs in correctly is never held up by failures elsewhere.
 */
export function createClientSignInLimit(
  app: FastifyInstance,
  onFirstRefusal: (refusal: ClientSignInRefusal) => Promise<void>,
) {
  const limit = app.createRateLimit({
    max: CLIENT_SIGN_IN_FAILURE_LIMIT,
    timeWindow: CLIENT_SIGN_IN_WINDOW_MS,
    keyGenerator: (request) =>
      JSON.stringify([clientCredentialsOf(request)?.clientId ?? '', normalizeIP(request.ip)]),
  });
  return {
    /** Refuses with 429 and Retry-After once the window holds the limit of failures. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await limit(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) {
        return;
      }
      // The refusal counts too, so the window's count passes the limit and only its first refusal is audited.
      await limit(request);
      if (!state.isExceeded) {
        await onFirstRefusal({
          clientId: clientCredentialsOf(request)?.clientId ?? '',
          clientAddress: request.ip,
          retryAfterSeconds: state.ttlInSeconds,
        });
      }
      reply.header('retry-after', state.ttlInSeconds);
      throw rateLimited();
    },
    async recordFailure(request: FastifyRequest): Promise<void> {
      await limit(request);
    },
  };
}

import type { FastifyPluginCallback, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import type { Clock } from '../clock.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import type { Actor } from '../modules/audit/audited-change.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';

export interface AuthenticatedUser {
  id: string;
  username: string;
  permissions: readonly string[];
}

/** What a route declares: public, or the permissions it needs (an empty list: any signed-in user). */
export type RouteAccess = { access: 'public' } | { permissions: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public';
    permissions?: readonly Permission[];
  }
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

export interface AuthGuardOptions {
  clock: Clock;
  getSigningSecret(): Promise<Uint8Array>;
  /**
   * Whether the token's user still exists and is not disabled: one primary-key lookup per
   * request, so deleting or disabling a user ends their access tokens at once.
   */
  isUserActive(userId: string): Promise<boolean>;
}

const BEARER_PATTERN = /^Bearer\s+(\S+)$/i;

export const PUBLIC_ROUTE = { access: 'public' } as const satisfies RouteAccess;

/** Lets a plugin that registers its own routes (docs, static files) mark them all public. */
export function markRoutesPublic(routeOptions: RouteOptions): void {
  routeOptions.config = { ...routeOptions.config, access: 'public' };
}

/** The signed-in caller of a guarded route, as services and audit rows name them. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.user === null) {
    // The guard has already turned away anyone unsigned; this keeps the types honest.
    throw unauthenticated();
  }
  return { userId: request.user.id, username: request.user.username, clientAddress: request.ip };
}

/** The caller of a public route: nobody has signed in, only the address is known. */
export function clientOf(request: FastifyRequest): Pick<Actor, 'clientAddress'> {
  return { clientAddress: request.ip };
}

/**
 * Deny by default: every route must say who may call it. A route that says nothing is refused
 * with 403 at request time and named in a warning at startup.
 */
const authGuard: FastifyPluginCallback<AuthGuardOptions> = (app, options, done) => {
  const routes: RouteOptions[] = [];
  app.decorateRequest('user', null);

  app.addHook('onRoute', (routeOptions) => {
    routes.push(routeOptions);
  });

  app.addHook('onReady', (ready) => {
    for (const route of routes) {
      if (route.config?.access !== 'public' && route.config?.permissions === undefined) {
        app.log.warn(
          { method: route.method, url: route.url },
          'Route declares neither access nor permissions; every request to it is refused (403)',
        );
      }
    }
    ready();
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.is404) {
      return;
    }
    const config = request.routeOptions.config;
    if (config.access === 'public') {
      return;
    }
    if (config.permissions === undefined) {
      request.log.warn({ url: request.routeOptions.url }, 'Refused: route declares no access rule');
      throw forbidden();
    }
    const match = BEARER_PATTERN.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token === undefined) {
      throw unauthenticated();
    }
    const claims = await verifyAccessToken(token, await options.getSigningSecret(), options.clock.now());
    if (claims === undefined || !(await options.isUserActive(claims.sub))) {
      throw unauthenticated();
    }
    request.user = { id: claims.sub, username: claims.username, permissions: claims.permissions };
    if (!holdsAll(claims.permissions, config.permissions)) {
      throw forbidden();
    }
  });
  done();
};

export const authGuardPlugin = fp(authGuard, { name: 'auth-guard' });

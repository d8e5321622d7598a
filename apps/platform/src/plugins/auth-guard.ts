import type { FastifyPluginCallback, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import { PERMISSIONS_CHANGED_HEADER, type SessionAccessTokenClaims } from '@web-control/contract/auth';
import type { Clock } from '../clock.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import type { Actor } from '../modules/audit/audited-change.ts';
import { verifyAccessToken } from '../modules/auth/tokens.ts';

export interface AuthenticatedUser {
  id: string;
  username: string;
  /** The user's permissions now, whatever the token says. */
  permissions: readonly string[];
  /** The token was signed with other permissions (a role changed since). */
  permissionsChanged?: boolean;
}

function samePermissions(one: readonly string[], other: readonly string[]): boolean {
  const held = new Set(one);
  return held.size === new Set(other).size && other.every((permission) => held.has(permission));
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
   * The permissions a token may use now, or undefined to refuse it: one primary-key lookup per
   * request, so a deleted or disabled user, a logout, a reused refresh token and the end of the
   * session's lifetime end access tokens at once, and a role change applies at the next request.
   */
  checkSession(claims: SessionAccessTokenClaims): Promise<readonly string[] | undefined>;
  /** A 403 is audited with who asked for what. */
  onForbidden(refusal: ForbiddenRequest): Promise<void>;
}

export interface ForbiddenRequest {
  actor: string | null;
  clientAddress: string;
  method: string;
  url: string;
  missing: readonly string[];
}

/**
 * The user an access token signs in, or undefined when its signature, its expiry or its session
 * (checkSession) refuses it: what every guarded route asks of its bearer token.
 */
export function sessionReader(
  options: Pick<AuthGuardOptions, 'clock' | 'getSigningSecret' | 'checkSession'>,
) {
  return async (token: string): Promise<AuthenticatedUser | undefined> => {
    const claims = await verifyAccessToken(token, await options.getSigningSecret(), options.clock.now());
    const permissions = claims === undefined ? undefined : await options.checkSession(claims);
    if (claims === undefined || permissions === undefined) return undefined;
    return {
      id: claims.sub,
      username: claims.username,
      permissions,
      permissionsChanged: !samePermissions(claims.permissions, permissions),
    };
  };
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
  const readSession = sessionReader(options);
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

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404) {
      return;
    }
    const config = request.routeOptions.config;
    if (config.access === 'public') {
      return;
    }
    const refuse = async (missing: readonly string[]) => {
      await options.onForbidden({
        actor: request.user?.username ?? null,
        clientAddress: request.ip,
        method: request.method,
        url: request.routeOptions.url ?? request.url,
        missing,
      });
      return forbidden();
    };
    if (config.permissions === undefined) {
      request.log.warn({ url: request.routeOptions.url }, 'Refused: route declares no access rule');
      throw await refuse([]);
    }
    const match = BEARER_PATTERN.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token === undefined) {
      throw unauthenticated();
    }
    const user = await readSession(token);
    if (user === undefined) {
      throw unauthenticated();
    }
    request.user = user;
    // Said on a refusal too: a 403 after a demotion is what tells the console first.
    if (user.permissionsChanged === true) reply.header(PERMISSIONS_CHANGED_HEADER, 'true');
    if (!holdsAll(user.permissions, config.permissions)) {
      throw await refuse(config.permissions.filter((permission) => !user.permissions.includes(permission)));
    }
  });
  done();
};

export const authGuardPlugin = fp(authGuard, { name: 'auth-guard' });

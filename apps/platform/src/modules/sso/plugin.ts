import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_PREFIX } from '../auth/plugin.ts';
import { createExternalSignIn } from '../auth/service.ts';
import { identityAdminRoutes } from './identity-admin-routes.ts';
import { createIdentityAdminService } from './identity-admin-service.ts';
import { ssoRoutes } from './routes.ts';
import { createSsoService } from './service.ts';

/**
 * Single sign-on through the identity provider, at /api/auth: the sign-in only when AUTH_PROVIDER
 * is identity-provider; the administration of linked identities always, so links can be set up
 * before the switch.
 */
const sso: FastifyPluginAsync = async (app) => {
  const { settings, database, clock, random, audit, getSigningSecret } = app.services;
  const externalSignIn = createExternalSignIn({ clock, random, sessionMaxHours: settings.sessionMaxHours });
  await app.register(identityAdminRoutes, {
    prefix: AUTH_PREFIX,
    service: createIdentityAdminService({ db: database.db, clock, audit, users: externalSignIn }),
  });
  if (settings.authProvider !== 'identity-provider') {
    return;
  }
  await app.register(ssoRoutes, {
    prefix: AUTH_PREFIX,
    service: createSsoService({
      db: database.db,
      clock,
      random,
      audit,
      externalSignIn,
      // readSettings refuses identity-provider without an issuer and a client id.
      settings: {
        oidcIssuer: settings.oidcIssuer ?? '',
        oidcClientId: settings.oidcClientId ?? '',
        oidcClientSecret: settings.oidcClientSecret,
        oidcScopes: settings.oidcScopes,
      },
      getSigningSecret,
    }),
    loginRateLimitPerMinute: settings.loginRateLimit,
    publicOrigin: settings.publicUrl,
  });
};

export const ssoPlugin = fp(sso, { name: 'sso', dependencies: ['auth-guard'] });

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { adminReviewRoutes } from './admin-review-routes.ts';
import { createAdminReviews, type AdminReviews } from './admin-reviews.ts';
import { adminRoutes } from './admin-routes.ts';
import { createAdminService } from './admin-service.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { createPasswordResetService } from './password-reset-service.ts';
import { authRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** User and role changes waiting for review: the reviews inbox names them. */
    adminReviews: AdminReviews;
  }
}

export const AUTH_PREFIX = '/api/auth';

/** Sign-in, password links and user administration, at /api/auth. */
const auth: FastifyPluginAsync = async (app) => {
  const { settings, database, clock, random, audit, mail, getPublicUrl, auth: authService } = app.services;
  const { db } = database;
  const passwordSignIn = settings.authProvider === 'auth-server';
  await app.register(authRoutes, {
    prefix: AUTH_PREFIX,
    service: authService,
    loginRateLimitPerMinute: settings.loginRateLimit,
    passwordSignIn,
  });
  const passwords = createPasswordResetService({
    db,
    clock,
    random,
    audit,
    mail,
    log: app.log,
    productName: settings.productName,
    resetTokenTtlMinutes: settings.resetTokenTtlMinutes,
    enrolmentTokenTtlHours: settings.enrolmentTokenTtlHours,
    getPublicUrl,
  });
  // Under single sign-on the provider owns passwords: no reset or enrolment links here.
  if (passwordSignIn) {
    await app.register(passwordResetRoutes, {
      prefix: AUTH_PREFIX,
      service: passwords,
      rateLimitPerMinute: settings.loginRateLimit,
    });
  }
  const service = createAdminService({ db, clock, audit, passwords });
  const reviews = createAdminReviews({ db, clock, audit, changes: service.changes, passwords });
  app.decorate('adminReviews', reviews);
  const fourEyes = settings.fourEyes.has('admin');
  await app.register(adminRoutes, { prefix: AUTH_PREFIX, service, reviews, fourEyes });
  await app.register(adminReviewRoutes, { prefix: AUTH_PREFIX, reviews });
};

export const authPlugin = fp(auth, { name: 'auth', dependencies: ['auth-guard'] });

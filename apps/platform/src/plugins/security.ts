import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { PAGE_BOOT_SCRIPT } from '@web-control/contract/console-build';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** API bases from the settings; absolute ones (another origin) are allowed in connect-src. */
  apiBases: readonly string[];
  /** HSTS=true: this server terminates TLS itself, so browsers must only ever reach it by https. */
  hsts: boolean;
}

/** One year, the preload lists' minimum. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const API_PREFIX = '/api';

/** The CSP source that allows the screens' pages' boot script, and no other inline one. */
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

function externalOrigins(apiBases: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const base of apiBases) {
    if (/^https?:\/\//.test(base)) {
      origins.add(new URL(base).origin);
    }
  }
  return [...origins];
}

/** Security headers on every answer, and no caching of API answers (they carry personal data). */
const security: FastifyPluginAsync<SecurityOptions> = async (app, options) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the boot of the screens' pages the console's build writes.
        scriptSrc: ["'self'", PAGE_BOOT_SCRIPT_HASH],
        scriptSrcAttr: ["'none'"],
        // Mantine injects <style> tags at run time; inline styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...externalOrigins(options.apiBases)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Off by default: the demo runs on plain http://127.0.0.1, and a TLS-terminating proxy sets its own.
    strictTransportSecurity: options.hsts ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`)) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
};

export const securityPlugin = fp(security, { name: 'security' });

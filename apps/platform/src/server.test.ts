import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT } from '@web-control/contract/console-build';
import { runtimeConfigSchema } from '@web-control/contract/runtime-config';
import type { DatabaseHandle } from './db/connection.ts';
import { CONSOLE_MISSING_MESSAGE } from './plugins/console-static.ts';
import type { App } from './server.ts';
import { buildTestApp } from './testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from './testing/test-database.ts';

describe.each(TEST_DATABASE_KINDS)('health on %s', (kind) => {
  it('reports the version and a ready database, and 503 when the database is gone', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildTestApp({ database });
    try {
      const ready = await app.inject({ url: '/api/health' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', version: '1.22.0', database: 'ready' });

      await database.close();
      const down = await app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', version: '1.22.0', database: 'unavailable' });
    } finally {
      await app.close();
    }
  });

  it('answers live without the database, and ready only while the database answers with its migrations current', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildTestApp({ database });
    try {
      const live = await app.inject({ url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok', version: '1.22.0' });
      const ready = await app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ready', migrations: 'current' });

      // What an instance of newer code sees before its migrations have run.
      await sql`delete from kysely_migration where name = '0025-config-map-names'`.execute(database.db);
      const pending = await app.inject({ url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.headers['retry-after']).toBe('5');
      expect(pending.json()).toEqual({ status: 'unavailable', database: 'ready', migrations: 'pending' });

      await database.close();
      const down = await app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ status: 'unavailable', database: 'unavailable', migrations: 'unknown' });
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('platform server', () => {
  let database: DatabaseHandle;
  let app: App;
  let consoleDist: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    consoleDist = await mkdtemp(path.join(tmpdir(), 'web-control-dist-'));
    await mkdir(path.join(consoleDist, 'assets'));
    await writeFile(
      path.join(consoleDist, 'index.html'),
      '<!doctype html><title>console</title><script src="/config.js"></script>',
    );
    await writeFile(path.join(consoleDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(path.join(consoleDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await buildTestApp({
      database,
      settings: {
        consoleDist,
        clientName: 'Acme Switch',
        supportUrl: 'https://support.example.com',
        hideHome: 'true',
        defaultPath: '/dashboard/transactions',
        sessionIdleMinutes: '10',
        apiBases: { loadBalancerApi: 'https://lb.example.com/api/lb' },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(consoleDist, { recursive: true, force: true });
  });

  it('serves /config.js: a script assigning the runtime configuration, valid against the contract, never cached', async () => {
    const response = await app.inject({ url: '/config.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('window.__WEB_CONTROL_CONFIG__ = {')).toBe(true);

    const sandbox: { window: Record<string, unknown> } = { window: {} };
    vm.runInNewContext(response.body, sandbox);
    const config = runtimeConfigSchema.parse(sandbox.window.__WEB_CONTROL_CONFIG__);
    expect(config).toEqual({
      productName: 'Web Control',
      clientName: 'Acme Switch',
      supportUrl: 'https://support.example.com',
      defaultPath: '/dashboard/transactions',
      hideHome: true,
      authProvider: 'auth-server',
      sessionIdleMinutes: 10,
      fourEyes: [],
      authApi: '/api/auth',
      ecsApi: '/api/ecs',
      transactionsApi: '/api/ecs/transactions',
      loadBalancerApi: 'https://lb.example.com/api/lb',
      reconApi: '/api/recon',
      filesApi: '/api/recon/files',
      configApi: '/api/config',
      moneyTransferApi: '/api/moneytransfer',
      reviewsApi: '/api/reviews',
      exportsApi: '/api/exports',
    });
  });

  it('sends the security headers, and no-store on API answers', async () => {
    const response = await app.inject({ url: '/api/health' });
    const csp = response.headers['content-security-policy'];
    const bootHash = createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64');
    expect(csp, 'scripts of its own, and the screens’ pages’ boot by its hash').toContain(
      `script-src 'self' 'sha256-${bootHash}';`,
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://lb.example.com");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends Strict-Transport-Security only with HSTS set', async () => {
    const tls = await buildTestApp({ database, settings: { consoleDist, hsts: 'true' } });
    try {
      const response = await tls.inject({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await tls.close();
    }
  });

  it('serves the OpenAPI document and a docs page that loads no inline script', async () => {
    const document = await app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/auth/refresh-token',
        '/api/auth/logout',
      ]),
    );

    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const scripts = page.body.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script).toMatch(/<script\b[^>]*\bsrc=/);
      expect(
        script
          .replace(/<script\b[^>]*>/, '')
          .replace('</script>', '')
          .trim(),
      ).toBe('');
    }
  });

  it('serves the console: hashed assets cached for good, index.html revalidated, deep links answered with index.html', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const root = await app.inject({ url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<title>console</title>');
    expect(root.headers['cache-control']).toBe('no-cache');

    const deepLink = await app.inject({ url: '/dashboard/transactions/1234?x=1' });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['content-type']).toMatch(/^text\/html/);
    expect(deepLink.body).toContain('<title>console</title>');
    expect(deepLink.headers['cache-control']).toBe('no-cache');

    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);

    const api = await app.inject({ url: '/api/not-a-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('still starts without a console build and says how to build it', async () => {
    const bare = await buildTestApp({
      database,
      settings: { consoleDist: path.join(consoleDist, 'missing') },
    });
    try {
      const response = await bare.inject({ url: '/' });
      expect(response.body).toBe(CONSOLE_MISSING_MESSAGE);
      expect(response.body).toContain('npm run build');
      expect((await bare.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

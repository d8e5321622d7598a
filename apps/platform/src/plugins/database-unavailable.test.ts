import { createServer, connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/connection.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../errors.ts';
import type { App } from '../server.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const ANY_STRING: unknown = expect.any(String);
const UNAVAILABLE_BODY = {
  errorMessage: DATABASE_UNAVAILABLE_MESSAGE,
  code: 'DATABASE_UNAVAILABLE',
  details: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  correlationId: ANY_STRING,
};
/** A sign-in reads the users table first: the API call every user makes. */
function signIn(app: App) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'nobody-here', password: 'not-the-password' },
  });
}

async function expectUnavailable(app: App): Promise<void> {
  const answer = await signIn(app);
  expect(answer.statusCode, answer.body).toBe(503);
  expect(answer.json()).toEqual(UNAVAILABLE_BODY);
  expect(answer.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  const health = await app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
  expect(health.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  const ready = await app.inject({ url: '/api/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ status: 'unavailable', database: 'unavailable', migrations: 'unknown' });
  expect(ready.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
}

/** Answers once the pool has let go of the connections the server ended (a few turns of the event loop). */
async function expectSignInAnswered(app: App): Promise<void> {
  await vi.waitFor(async () => expect((await signIn(app)).statusCode).toBe(401), { interval: 50 });
}

/**
 * A TCP relay to PostgreSQL standing in for its host: stopped, every connection drops and new
 * ones are refused; started again on the same port, the database is back.
 */
function createRelay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const [from, to] of [
      [socket, upstream],
      [upstream, socket],
    ] as const) {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  let port = 0;
  return {
    url: () => {
      const url = new URL(target);
      url.port = String(port);
      return url.toString();
    },
    start: () =>
      new Promise<void>((resolve) => {
        server.listen(port, '127.0.0.1', () => {
          const address = server.address();
          port = typeof address === 'object' && address !== null ? address.port : 0;
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

const template = inject('postgresTemplate');

describe.skipIf(template === null)('answers while the PostgreSQL database goes away and comes back', () => {
  let database: DatabaseHandle;
  let app: App;
  let admin: pg.Client;
  let name: string;
  const relay = createRelay(new URL(template?.url ?? 'postgres://unused'));
  let relayed: DatabaseHandle;
  let relayedApp: App;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    name = new URL(database.location).pathname.slice(1);
    app = await buildTestApp({
      database,
      configure: (instance) => {
        instance.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          await sql`select pg_sleep(60)`.execute(database.db);
          return { finished: true };
        });
      },
    });
    admin = new pg.Client({ connectionString: template?.url });
    await admin.connect();
    await relay.start();
    relayed = openPostgres(new URL(`/${name}`, relay.url()).toString(), { connectTimeoutSeconds: 1 });
    relayedApp = await buildTestApp({ database: relayed });
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
    await relayedApp.close();
    await relayed.close();
    await relay.stop();
    await app.close();
    await database.close();
  });

  it('is 503 with Retry-After while the connection is refused, and answers again once the host is back', async () => {
    expect((await signIn(relayedApp)).statusCode).toBe(401);

    await relay.stop();
    await expectUnavailable(relayedApp);

    await relay.start();
    await expectSignInAnswered(relayedApp);
    expect((await relayedApp.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  const terminateSessions = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);

  it('is 503 with Retry-After while the database refuses sessions, and answers again once it accepts them', async () => {
    expect((await signIn(app)).statusCode).toBe(401);

    await admin.query(`alter database ${name} allow_connections false`);
    await terminateSessions();
    await expectUnavailable(app);

    await admin.query(`alter database ${name} allow_connections true`);
    expect((await signIn(app)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('is 503 when the session running the request is terminated', async () => {
    const answer = app.inject({ url: '/api/test/slow' });
    await vi.waitFor(
      async () => {
        const running = await admin.query(
          "select pid from pg_stat_activity where datname = $1 and query like 'select pg_sleep%'",
          [name],
        );
        expect(running.rowCount).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    await terminateSessions();
    const terminated = await answer;
    expect(terminated.statusCode, terminated.body).toBe(503);
    expect(terminated.json()).toEqual(UNAVAILABLE_BODY);
    expect(terminated.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    await expectSignInAnswered(app);
  });
});

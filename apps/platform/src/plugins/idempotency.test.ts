import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { conflict } from '../errors.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  purgeExpiredIdempotencyKeys,
} from './idempotency.ts';

const orderSchema = z.object({ amount: z.number(), note: z.string().optional() });

describe.each(TEST_DATABASE_KINDS)('Idempotency-Key on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let alice: { username: string; password: string };
  let aliceToken: string;
  let bobToken: string;
  /** How many times each test route's handler ran. */
  const runs = { orders: 0, plain: 0, flaky: 0, refused: 0, slow: 0, empty: 0 };
  let publicRouteError: unknown;
  let releaseSlow: () => void = () => undefined;
  let slowStarted: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({
      database,
      configure: (instance) => {
        const signedIn = { permissions: [] as const };
        instance.post(
          '/api/test/orders/:shop',
          { config: { ...signedIn, idempotent: true }, schema: { body: orderSchema } },
          async (request, reply) => {
            runs.orders += 1;
            return reply.code(201).send({ run: runs.orders, order: request.body });
          },
        );
        instance.post('/api/test/plain', { config: signedIn }, () => {
          runs.plain += 1;
          return { run: runs.plain };
        });
        instance.post('/api/test/flaky', { config: { ...signedIn, idempotent: true } }, () => {
          runs.flaky += 1;
          if (runs.flaky === 1) {
            throw new Error('database unavailable');
          }
          return { run: runs.flaky };
        });
        instance.post('/api/test/refused', { config: { ...signedIn, idempotent: true } }, () => {
          runs.refused += 1;
          throw conflict(`Refused on run ${runs.refused}`);
        });
        instance.post('/api/test/slow', { config: { ...signedIn, idempotent: true } }, async () => {
          runs.slow += 1;
          await new Promise<void>((resolve) => {
            releaseSlow = resolve;
            signalSlowStarted();
          });
          return { run: runs.slow };
        });
        instance.delete(
          '/api/test/empty',
          { config: { ...signedIn, idempotent: true } },
          (_request, reply) => {
            runs.empty += 1;
            return reply.code(204).send();
          },
        );
        try {
          instance.post('/api/test/public', { config: { access: 'public', idempotent: true } }, () => ({}));
        } catch (error) {
          publicRouteError = error;
        }
      },
    });
    alice = await createTestUser(database, []);
    aliceToken = (await login(app, alice.username, alice.password)).access_token;
    const bob = await createTestUser(database, []);
    bobToken = (await login(app, bob.username, bob.password)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let signalSlowStarted: () => void = () => undefined;
  beforeEach(() => {
    slowStarted = new Promise((resolve) => {
      signalSlowStarted = resolve;
    });
  });

  let keySequence = 0;
  function newKey(): string {
    keySequence += 1;
    return `key-${kind}-${keySequence}`;
  }

  function post(
    url: string,
    options: {
      key?: string;
      payload?: object;
      token?: string;
      method?: 'POST' | 'DELETE';
      acceptEncoding?: string;
    } = {},
  ) {
    return app.inject({
      method: options.method ?? 'POST',
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      headers: {
        authorization: `Bearer ${options.token ?? aliceToken}`,
        ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
        ...(options.acceptEncoding === undefined ? {} : { 'accept-encoding': options.acceptEncoding }),
      },
    });
  }

  async function storedKeys(key: string) {
    return database.db
      .selectFrom('idempotency_keys')
      .select(['method', 'route', 'status_code', 'response_body'])
      .where('idempotency_key', '=', key)
      .execute();
  }

  it('runs the first request and replays its answer for the same key and body, without running again', async () => {
    const key = newKey();
    const first = await post('/api/test/orders/north', { key, payload: { amount: 10, note: 'a' } });
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const before = runs.orders;

    // The same body with its keys in another order is the same request.
    const replay = await post('/api/test/orders/north', { key, payload: { note: 'a', amount: 10 } });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(replay.headers['content-type']).toContain('application/json');
    expect(replay.json()).toEqual(first.json());
    expect(runs.orders).toBe(before);
    expect(await storedKeys(key)).toEqual([
      {
        method: 'POST',
        route: '/api/test/orders/:shop',
        status_code: 201,
        response_body: first.json<unknown>(),
      },
    ]);
  });

  it('replays an answer the browser gets compressed, as it was before compression', async () => {
    const key = newKey();
    // Past the compression threshold, as a voucher's answer is.
    const payload = { amount: 10, note: 'n'.repeat(2_000) };
    const first = await post('/api/test/orders/north', { key, payload, acceptEncoding: 'br, gzip' });
    expect(first.headers['content-encoding']).toBe('br');
    const firstBody: unknown = JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8'));
    const before = runs.orders;

    const replay = await post('/api/test/orders/north', { key, payload, acceptEncoding: 'br, gzip' });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(runs.orders).toBe(before);
    const replayed = JSON.parse(
      (replay.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(replay.rawPayload)
        : replay.rawPayload
      ).toString('utf8'),
    ) as unknown;
    expect(replayed).toEqual(firstBody);
    expect((await storedKeys(key))[0]?.response_body).toEqual(firstBody);
  });

  it('refuses the same key with another body or another URL with 422, and changes nothing', async () => {
    const key = newKey();
    const first = await post('/api/test/orders/north', { key, payload: { amount: 10 } });
    expect(first.statusCode).toBe(201);
    const before = runs.orders;
    for (const [url, payload] of [
      ['/api/test/orders/north', { amount: 11 }],
      ['/api/test/orders/south', { amount: 10 }],
    ] as const) {
      const reused = await post(url, { key, payload });
      expect(reused.statusCode, url).toBe(422);
      expect(reused.json()).toEqual({ errorMessage: IDEMPOTENCY_MESSAGES.keyReused, code: 'CONFLICT' });
    }
    expect(runs.orders).toBe(before);
    expect((await post('/api/test/orders/north', { key, payload: { amount: 10 } })).json()).toEqual(
      first.json(),
    );
  });

  it('leaves requests without the header, and routes that do not opt in, as they were', async () => {
    const before = runs.orders;
    const one = await post('/api/test/orders/north', { payload: { amount: 5 } });
    const two = await post('/api/test/orders/north', { payload: { amount: 5 } });
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(runs.orders).toBe(before + 2);
    expect(two.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();

    const key = newKey();
    expect((await post('/api/test/plain', { key })).json()).toEqual({ run: 1 });
    expect((await post('/api/test/plain', { key })).json()).toEqual({ run: 2 });
    expect(await storedKeys(key)).toEqual([]);
  });

  it('keeps keys per user: the same key of another user is another request', async () => {
    const key = newKey();
    const before = runs.orders;
    const alice = await post('/api/test/orders/north', { key, payload: { amount: 7 } });
    const bob = await post('/api/test/orders/north', { key, payload: { amount: 7 }, token: bobToken });
    expect(bob.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(bob.json()).toEqual({ run: before + 2, order: { amount: 7 } });
    expect(alice.json()).toEqual({ run: before + 1, order: { amount: 7 } });
    expect(await storedKeys(key)).toHaveLength(2);
  });

  it('refuses keys that are empty, longer than 200 characters or not printable, with 400', async () => {
    const before = runs.orders;
    for (const key of ['', 'k'.repeat(201), 'tab\there', 'clé']) {
      const response = await post('/api/test/orders/north', { key, payload: { amount: 1 } });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toEqual({
        errorMessage: IDEMPOTENCY_MESSAGES.invalidKey,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(runs.orders).toBe(before);
    const longest = await post('/api/test/orders/north', { key: '~'.repeat(200), payload: { amount: 1 } });
    expect(longest.statusCode).toBe(201);
  });

  it('does not store a 5xx, so the retry runs; stores and replays a refusal (4xx)', async () => {
    const key = newKey();
    const failed = await post('/api/test/flaky', { key });
    expect(failed.statusCode).toBe(500);
    expect(await storedKeys(key)).toEqual([]);
    const retried = await post('/api/test/flaky', { key });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ run: 2 });

    const refusedKey = newKey();
    const refused = await post('/api/test/refused', { key: refusedKey });
    expect(refused.statusCode).toBe(409);
    const again = await post('/api/test/refused', { key: refusedKey });
    expect(again.statusCode).toBe(409);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual({ errorMessage: 'Refused on run 1', code: 'CONFLICT' });
    expect(runs.refused).toBe(1);
  });

  it('answers 409 to a replay while the first request still runs', async () => {
    const key = newKey();
    const first = post('/api/test/slow', { key });
    await slowStarted;
    const early = await post('/api/test/slow', { key });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ errorMessage: IDEMPOTENCY_MESSAGES.inProgress, code: 'CONFLICT' });
    releaseSlow();
    expect((await first).json()).toEqual({ run: 1 });
    const late = await post('/api/test/slow', { key });
    expect(late.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(late.json()).toEqual({ run: 1 });
    expect(runs.slow).toBe(1);
  });

  it('replays an empty answer as empty', async () => {
    const key = newKey();
    expect((await post('/api/test/empty', { key, method: 'DELETE' })).statusCode).toBe(204);
    const replay = await post('/api/test/empty', { key, method: 'DELETE' });
    expect(replay.statusCode).toBe(204);
    expect(replay.body).toBe('');
    expect(replay.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(runs.empty).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey();
    const first = await post('/api/test/orders/north', { key, payload: { amount: 3 } });
    // Access tokens live minutes, keys a day: sign in again after each jump.
    const advance = async (milliseconds: number) => {
      app.clock.advance(milliseconds);
      aliceToken = (await login(app, alice.username, alice.password)).access_token;
    };
    await advance(IDEMPOTENCY_KEY_TTL_MS - 1);
    expect((await post('/api/test/orders/north', { key, payload: { amount: 3 } })).json()).toEqual(
      first.json(),
    );
    await advance(1);
    const after = await post('/api/test/orders/north', { key, payload: { amount: 3 } });
    expect(after.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(after.json()).not.toEqual(first.json());

    app.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    expect(await purgeExpiredIdempotencyKeys(database.db, app.clock.now())).toBeGreaterThan(0);
    expect(await database.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });

  it('refuses to make a public route idempotent', () => {
    expect(publicRouteError).toBeInstanceOf(Error);
    expect(String(publicRouteError)).toContain('an idempotent route must not be public');
  });
});

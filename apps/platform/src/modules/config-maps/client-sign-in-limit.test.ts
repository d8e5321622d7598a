import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/connection.ts';
import { RATE_LIMITED_MESSAGE } from '../../errors.ts';
import type { App } from '../../server.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { SYSTEM_ACTOR } from '../audit/audited-change.ts';
import { CLIENT_SIGN_IN_FAILURE_LIMIT, CLIENT_SIGN_IN_WINDOW_MS } from './client-sign-in-limit.ts';
import { CURRENCY_CODES_MAP } from './seed.ts';
import { CONFIG_AUDIT_ACTIONS } from './messages.ts';

const ATTACKER = '203.0.113.7';
const ELSEWHERE = '198.51.100.20';
const WINDOW_SECONDS = CLIENT_SIGN_IN_WINDOW_MS / 1000;

describe.each(TEST_DATABASE_KINDS)('client API sign-in limit on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let clientId: string;
  let secret: string;
  let clientSequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  beforeEach(async () => {
    // The limiter reads the wall clock (Date.now), not the app's clock: it is held still here.
    vi.setSystemTime(new Date('2026-03-02T08:00:00Z'));
    clientSequence += 1;
    clientId = `limit-node-${clientSequence.toString()}`;
    secret = (await app.configMaps.registerClient(SYSTEM_ACTOR, clientId, [CURRENCY_CODES_MAP])).clientSecret;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const fetchMaps = (options: { from: string; secret: string; clientId?: string }) =>
    app.inject({
      url: '/api/config/client/maps',
      remoteAddress: options.from,
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId ?? clientId}:${options.secret}`).toString('base64')}`,
      },
    });
  const limitedRows = async () =>
    (
      await app.services.audit.listRecent(database.db, { action: CONFIG_AUDIT_ACTIONS.clientSignInLimited })
    ).filter((row) => row.actor === `client:${clientId}`);

  it('refuses a client id from an address with 429 after the limit of failures, audited once, until the window ends', async () => {
    for (let attempt = 0; attempt < CLIENT_SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      expect((await fetchMaps({ from: ATTACKER, secret: 'guessed' })).statusCode).toBe(401);
    }

    const refused = await fetchMaps({ from: ATTACKER, secret });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errorMessage: RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBe(String(WINDOW_SECONDS));
    expect((await fetchMaps({ from: ATTACKER, secret: 'guessed' })).statusCode).toBe(429);
    expect(await limitedRows()).toEqual([
      expect.objectContaining({
        outcome: 'refused',
        clientAddress: ATTACKER,
        detail: {
          status: 429,
          failedAttempts: CLIENT_SIGN_IN_FAILURE_LIMIT,
          retryAfterSeconds: WINDOW_SECONDS,
        },
      }),
    ]);

    // The same client from another address is not held up, and its failures there count apart.
    expect((await fetchMaps({ from: ELSEWHERE, secret })).statusCode).toBe(200);
    expect((await fetchMaps({ from: ELSEWHERE, secret: 'typo' })).statusCode).toBe(401);
    // Another client id from the same address neither.
    expect(
      (await fetchMaps({ from: ATTACKER, secret: 'guessed', clientId: 'someone-else' })).statusCode,
    ).toBe(401);

    vi.setSystemTime(Date.now() + CLIENT_SIGN_IN_WINDOW_MS);
    expect((await fetchMaps({ from: ATTACKER, secret })).statusCode).toBe(200);
    expect(await limitedRows()).toHaveLength(1);
  });

  it('counts failures only: a client that signs in correctly is never limited', async () => {
    for (let attempt = 1; attempt < CLIENT_SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      expect((await fetchMaps({ from: ATTACKER, secret: 'guessed' })).statusCode).toBe(401);
    }
    for (let attempt = 0; attempt < 2 * CLIENT_SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      expect((await fetchMaps({ from: ATTACKER, secret })).statusCode).toBe(200);
    }
    expect((await fetchMaps({ from: ATTACKER, secret: 'guessed' })).statusCode).toBe(401);
    expect((await fetchMaps({ from: ATTACKER, secret })).statusCode).toBe(429);
    expect(await limitedRows()).toHaveLength(1);
  });
});

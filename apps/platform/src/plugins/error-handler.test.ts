import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { INTERNAL_ERROR_MESSAGE } from '../errors.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const ANY_STRING: unknown = expect.any(String);
const SECRET_DETAIL = 'connection string postgres://user:hunter2@db';

describe('central error handler', () => {
  let database: DatabaseHandle;
  let app: App;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp({
      database,
      settings: { bodyLimit: 2048, logLevel: 'warn' },
      logLines,
      configure: (instance) => {
        instance.get('/api/test/boom', { config: { access: 'public' } }, () => {
          throw new Error(SECRET_DETAIL);
        });
        instance.get(
          '/api/test/query',
          {
            config: { access: 'public' },
            schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) },
          },
          (request) => ({ page: request.query.page }),
        );
        instance.get(
          '/api/test/whole-query',
          {
            config: { access: 'public' },
            schema: {
              querystring: z
                .object({ from: z.coerce.number(), to: z.coerce.number() })
                .refine((query) => query.from <= query.to, 'from must not be after to'),
            },
          },
          (request) => request.query,
        );
        instance.get(
          '/api/test/twice',
          {
            config: { access: 'public' },
            schema: {
              querystring: z.object({ n: z.coerce.number().int('A whole number').max(10, 'A whole number') }),
            },
          },
          (request) => request.query,
        );
        instance.get(
          '/api/test/bounded',
          {
            config: { access: 'public' },
            schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(100) }) },
          },
          (request) => request.query,
        );
        instance.get('/api/test/undeclared', () => ({ reached: true }));
        instance.post('/api/test/echo', { config: { access: 'public' } }, (request) => ({
          size: JSON.stringify(request.body).length,
        }));
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers a validation failure with 400, a readable message naming the field, and details', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: '', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorMessage: string; code: string; details: unknown }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errorMessage).toContain('username');
    expect(body.errorMessage).toContain('Please enter a valid username');
    expect(body.details).toEqual([
      { location: 'body', field: 'username', message: 'Please enter a valid username' },
    ]);

    const query = await app.inject({ url: '/api/test/query?page=0' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'page' }],
    });

    // A rule over the whole query names the query, not a body it does not have.
    const whole = await app.inject({ url: '/api/test/whole-query?from=2&to=1' });
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toMatchObject({
      errorMessage: 'Invalid request: (querystring): from must not be after to',
      details: [{ location: 'querystring', field: '(querystring)', message: 'from must not be after to' }],
    });
  });

  it('says a rule a field breaks twice (a number too big and unsafe) once', async () => {
    const twice = await app.inject({ url: '/api/test/twice?n=99999999999999999999' });
    expect(twice.json()).toEqual({
      errorMessage: 'Invalid request: n: A whole number',
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'n', message: 'A whole number' }],
    });
  });

  it("says a number past its own bound and zod's safe-integer bound with its own bound alone", async () => {
    const above = await app.inject({ url: '/api/test/bounded?limit=99999999999999999999' });
    expect(above.json()).toEqual({
      errorMessage: 'Invalid request: limit: Must not exceed 100',
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'limit', message: 'Must not exceed 100' }],
    });
    const below = await app.inject({ url: '/api/test/bounded?limit=-99999999999999999999' });
    expect(below.json<{ errorMessage: string }>().errorMessage).toBe(
      'Invalid request: limit: Must be 1 or greater',
    );
  });

  it('answers malformed JSON with 400 in the same shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', errorMessage: ANY_STRING });
  });

  it('hides an internal error behind a generic 500 with a correlation id', async () => {
    const response = await app.inject({ url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ correlationId: string }>();
    expect(body).toEqual({
      errorMessage: INTERNAL_ERROR_MESSAGE,
      code: 'INTERNAL_ERROR',
      correlationId: ANY_STRING,
    });
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toContain('hunter2');

    // The detail is in the log, under the id the caller was given.
    const logged = logLines.find((line) => line.correlationId === body.correlationId && line.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('warns at startup about a route that declares no access rule', () => {
    const warning = logLines.find(
      (line) => typeof line.msg === 'string' && line.msg.includes('declares neither access nor permissions'),
    );
    expect(warning).toMatchObject({ url: '/api/test/undeclared' });
  });

  it('answers an unknown API route with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorMessage: ANY_STRING, code: 'NOT_FOUND' });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers a path parameter over 256 characters with 414 in the common shape, and lets a 256-character reset token through', async () => {
    const tooLong = await app.inject({ url: `/api/lb/${'a'.repeat(257)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ errorMessage: 'The address is too long.', code: 'URI_TOO_LONG' });

    const token = await app.inject({
      method: 'POST',
      url: `/api/auth/manage/users/reset/${'t'.repeat(256)}`,
      payload: { password: 'Another-passw0rd!', confirmPassword: 'Another-passw0rd!' },
    });
    expect(token.statusCode).not.toBe(414);
    expect(token.statusCode).toBeLessThan(500);
    expect(token.json()).toEqual({ errorMessage: ANY_STRING, code: ANY_STRING });
  });

  it('answers headers over the limit with 431 in the common shape', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, path: '/api/health', headers: { 'x-padding': 'x'.repeat(32 * 1024) } },
        (incoming) => {
          let body = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (body += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({
      errorMessage: 'The request headers are too large.',
      code: 'HEADERS_TOO_LARGE',
    });
  });
});

import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { TEST_DEMO_PASSWORD } from '../testing/constants.ts';
import { buildTestApp, login } from '../testing/test-app.ts';
import { permissions } from './route-helpers.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

const CSV_ROWS = Array.from({ length: 2_000 }, (_, index) => `row ${index},${index * 3}\n`);
/** Every permission with its description: well over 1 kB of JSON. */
const LARGE_LIST = '/api/auth/manage/roles';
const CSV_PATH = '/test/export.csv';
const EVENTS_PATH = '/test/events';

describe.each(TEST_DATABASE_KINDS)('compressed JSON answers on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({
      database,
      configure: (testApp) => {
        testApp.get(CSV_PATH, { config: permissions() }, (_request, reply) =>
          reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(CSV_ROWS)),
        );
        testApp.get(EVENTS_PATH, { config: permissions() }, (_request, reply) =>
          reply
            .header('content-type', 'text/event-stream')
            .send(Readable.from(['data: 1\n\n', 'data: 2\n\n'])),
        );
      },
    });
    token = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function get(url: string, acceptEncoding: string) {
    return app.inject({
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding },
    });
  }

  it('sends a large JSON list with brotli to a client that accepts it, and says it varies by Accept-Encoding', async () => {
    const plain = await get(LARGE_LIST, 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const response = await get(LARGE_LIST, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzipped = await get(LARGE_LIST, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends a JSON answer under 1 kB as it is', async () => {
    const response = await get('/api/ecs/features', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ searchIndex: true });
  });

  it('streams CSV downloads and event streams uncompressed, as they are written', async () => {
    const csv = await get(CSV_PATH, 'br, gzip');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-encoding']).toBeUndefined();
    expect(csv.body).toBe(CSV_ROWS.join(''));

    const events = await get(EVENTS_PATH, 'br, gzip');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toBe('data: 1\n\ndata: 2\n\n');
  });
});

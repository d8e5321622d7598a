import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { RequestLogController } from './request-log.ts';
import type { SettingsInput } from '../settings.ts';
import { FULL_CARD_NUMBER_MESSAGE } from '@web-control/contract/transactions';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const INFO = 30;
const DEBUG = 20;

describe('request log controller', () => {
  let database: DatabaseHandle | undefined;
  let app: App | undefined;

  afterEach(async () => {
    await app?.close();
    await database?.close();
  });

  async function start(settings: Partial<SettingsInput>): Promise<Record<string, unknown>[]> {
    const lines: Record<string, unknown>[] = [];
    database = await createTestDatabase('pglite');
    app = await buildTestApp({ database, settings, logLines: lines });
    return lines;
  }

  const aboutHealth = (line: Record<string, unknown>) =>
    (line.req as { url?: string } | undefined)?.url === '/api/health';

  it('logs a quick answer, such as a health probe, once and at debug', async () => {
    const lines = await start({ logLevel: 'debug' });
    const answer = await app?.inject({ method: 'GET', url: '/api/health' });
    expect(answer?.statusCode).toBe(200);

    await expect.poll(() => lines.filter(aboutHealth).length).toBe(1);
    expect(lines.filter(aboutHealth)).toEqual([
      expect.objectContaining({
        level: DEBUG,
        msg: 'Request completed',
        res: { statusCode: 200 },
        req: expect.objectContaining({ method: 'GET', url: '/api/health' }) as unknown,
      }),
    ]);
  });

  it('logs an answer slower than SLOW_REQUEST_MS at info, with its time', async () => {
    const lines = await start({ logLevel: 'info', slowRequestMs: 0 });
    await app?.inject({ method: 'GET', url: '/api/health' });

    await expect
      .poll(() => lines.filter(aboutHealth))
      .toEqual([
        expect.objectContaining({
          level: INFO,
          msg: 'Slow request',
          responseTime: expect.any(Number) as unknown,
        }),
      ]);
  });

  it('refuses a whole card number as a transaction reference, and logs its address masked', async () => {
    const lines = await start({ logLevel: 'debug' });
    const user = await createTestUser(database as DatabaseHandle, ['VIEW_TRANSACTIONS']);
    const { access_token: token } = await login(app as App, user.username, user.password);
    const pan = '4895370012345671';
    const answer = await app?.inject({
      method: 'GET',
      url: `/api/ecs/transactions?reference=${pan}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer?.statusCode).toBe(400);
    expect(answer?.body).toContain(FULL_CARD_NUMBER_MESSAGE);
    const urls = () => lines.map((line) => (line.req as { url?: string } | undefined)?.url ?? '');
    await expect.poll(() => urls()).toContain('/api/ecs/transactions?reference=489537******5671');
    expect(JSON.stringify(lines)).not.toContain(pan);

    // Written in groups, as on the card, it is the same card number.
    const grouped = await app?.inject({
      method: 'GET',
      url: '/api/ecs/transactions?reference=4895+3700+1234+5671&stan=004217',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(grouped?.statusCode).toBe(400);
    expect(grouped?.body).toContain(FULL_CARD_NUMBER_MESSAGE);
    await expect.poll(() => urls()).toContain('/api/ecs/transactions?reference=489537******5671&stan=004217');
    expect(JSON.stringify(lines)).not.toContain('4895+3700+1234+5671');
  });
});

describe('RequestLogController', () => {
  function replyWithLog() {
    const lines: Array<{ level: string; message: string }> = [];
    const log = Object.fromEntries(
      ['debug', 'info', 'warn', 'error'].map((level) => [
        level,
        (_fields: object, message: string) => lines.push({ level, message }),
      ]),
    );
    return { lines, reply: { log } as unknown as FastifyReply };
  }

  it('logs a browser leaving mid-download at debug, and other stream errors as Fastify does', () => {
    const controller = new RequestLogController(1000);
    const request = {} as FastifyRequest;
    const premature = replyWithLog();
    controller.streamError(
      Object.assign(new Error('closed'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }),
      request,
      premature.reply,
    );
    expect(premature.lines).toEqual([{ level: 'debug', message: 'Stream closed prematurely' }]);

    const broken = replyWithLog();
    controller.streamError(new Error('disk gone'), request, broken.reply);
    expect(broken.lines).toEqual([
      { level: 'warn', message: 'response terminated with an error with headers already sent' },
    ]);
  });
});

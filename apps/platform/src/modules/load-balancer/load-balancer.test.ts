import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  receiversResponseSchema,
  serviceSchema,
  servicesResponseSchema,
  type Receiver,
} from '@web-control/contract/load-balancer';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { LB_AUDIT_ACTIONS, LB_MESSAGES } from './service.ts';

type Method = 'GET' | 'PUT';

const SERVICE = 'card-authorisations';
const READ_ROUTES: Array<{ method: Method; url: string }> = [
  { method: 'GET', url: '/api/lb' },
  { method: 'GET', url: `/api/lb/${SERVICE}` },
  { method: 'GET', url: `/api/lb/${SERVICE}/receivers` },
];
const WRITE_ROUTES: Array<{ method: Method; url: string; payload: object }> = [
  { method: 'PUT', url: `/api/lb/${SERVICE}/receivers/visa-base-i/active`, payload: { active: true } },
  { method: 'PUT', url: `/api/lb/${SERVICE}/receivers/visa-base-i/weight`, payload: { weight: 500 } },
];

describe.each(TEST_DATABASE_KINDS)('load-balancer API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;
  let nobodyToken: string;
  let viewerToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, settings: { simulatorTps: 100 } });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    const nobody = await createTestUser(database, []);
    nobodyToken = (await login(app, nobody.username, nobody.password)).access_token;
    const viewer = await createTestUser(database, ['VIEW_LOAD_BALANCER']);
    viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    await app.services.simulator.prepare();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(method: Method, url: string, payload?: unknown, token: string | null = adminToken) {
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  async function receivers(serviceId = SERVICE): Promise<Map<string, Receiver>> {
    const response = await call('GET', `/api/lb/${serviceId}/receivers`);
    expect(response.statusCode).toBe(200);
    const parsed = receiversResponseSchema.parse(response.json());
    return new Map(parsed.receivers.map((receiver) => [receiver.id, receiver]));
  }

  async function tick(): Promise<void> {
    app.clock.advance(TICK_MS);
    await app.services.simulator.tick();
  }

  it('asks for VIEW_LOAD_BALANCER to read and EDIT_LOAD_BALANCER to change', async () => {
    for (const route of [...READ_ROUTES, ...WRITE_ROUTES]) {
      const payload = 'payload' in route ? route.payload : undefined;
      expect((await call(route.method, route.url, payload, null)).statusCode, route.url).toBe(401);
      expect((await call(route.method, route.url, payload, nobodyToken)).statusCode, route.url).toBe(403);
    }
    for (const route of READ_ROUTES) {
      expect((await call(route.method, route.url, undefined, viewerToken)).statusCode, route.url).toBe(200);
    }
    for (const route of WRITE_ROUTES) {
      expect((await call(route.method, route.url, route.payload, viewerToken)).statusCode, route.url).toBe(
        403,
      );
    }
  });

  it('lists services and receivers with live figures and statuses', async () => {
    await tick();
    const { services } = servicesResponseSchema.parse((await call('GET', '/api/lb')).json());
    expect(services.map((service) => service.name)).toEqual([
      'Card Authorisations',
      'EFT Payments',
      'Airtime Vending',
    ]);
    expect(services[0]?.latestChange?.currentStatus).toBe('up');
    // 08:00 falls in an outage of MTN Airtime (SAF).
    expect(services[2]?.latestChange?.currentStatus).toBe('degraded');
    const service = serviceSchema.parse((await call('GET', `/api/lb/${SERVICE}`)).json());
    expect(service).toMatchObject({ id: SERVICE, name: 'Card Authorisations' });

    const list = await receivers();
    expect([...list.keys()]).toEqual(['visa-base-i', 'mastercard-banknet', 'amex-gateway-saf']);
    const visa = list.get('visa-base-i');
    expect(visa).toMatchObject({ name: 'Visa Base I', isActive: true, weight: 500 });
    expect(visa?.throughput).toBeGreaterThan(0);
    expect(visa?.successRate).toBeGreaterThan(80);
    expect(visa?.latestChange).toEqual({ currentStatus: 'up', time: app.clock.now().toISOString() });
    const backup = (await receivers('eft-payments')).get('standard-bank-eft-backup');
    expect(backup).toMatchObject({
      isActive: false,
      throughput: 0,
      latestChange: { currentStatus: 'inactive' },
    });
  });

  it('answers 404 for unknown services and receivers, and for a receiver of another service', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/lb/nope', undefined],
      ['GET', '/api/lb/nope/receivers', undefined],
      // An id longer than any stored names nothing either, rather than fail its validation.
      ['GET', `/api/lb/${'q'.repeat(100)}`, undefined],
      ['GET', `/api/lb/${'q'.repeat(100)}/receivers`, undefined],
      ['GET', `/api/lb/reviews/${'r'.repeat(100)}`, undefined],
      ['PUT', '/api/lb/nope/receivers/visa-base-i/active', { active: false }],
      ['PUT', `/api/lb/${SERVICE}/receivers/nope/weight`, { weight: 10 }],
      ['PUT', '/api/lb/eft-payments/receivers/visa-base-i/weight', { weight: 10 }],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const response = await call('PUT', '/api/lb/eft-payments/receivers/visa-base-i/active', {
      active: false,
    });
    expect(response.json()).toMatchObject({ errorMessage: LB_MESSAGES.receiverNotFound });
    expect((await receivers()).get('visa-base-i')?.isActive).toBe(true);
    // A change of an id longer than any stored is refused before it is audited.
    const long = await call('PUT', `/api/lb/${SERVICE}/receivers/${'q'.repeat(100)}/active`, {
      active: false,
    });
    expect(long.statusCode, long.body).toBe(400);
  });

  it('refuses weights outside 0 to 1000, fractions and strings with 400', async () => {
    for (const weight of [-1, 1001, 1.5, '500', null]) {
      const response = await call('PUT', `/api/lb/${SERVICE}/receivers/visa-base-i/weight`, { weight });
      expect(response.statusCode, String(weight)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      (await call('PUT', `/api/lb/${SERVICE}/receivers/visa-base-i/active`, { active: 'no' })).statusCode,
    ).toBe(400);
    // No weight at all is missing, as the specification's general rule says, not a number written wrong.
    const missing = await call('PUT', `/api/lb/${SERVICE}/receivers/visa-base-i/weight`, {});
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'weight', message: 'This is a required field' }],
    });
    expect((await receivers()).get('visa-base-i')?.weight).toBe(500);
  });

  it('changes weight and active state, audits old and new values, and moves traffic at the next tick', async () => {
    const weight = await call('PUT', `/api/lb/${SERVICE}/receivers/mastercard-banknet/weight`, {
      weight: 1000,
    });
    expect(weight.statusCode).toBe(204);
    expect(weight.body).toBe('');
    const deactivate = await call('PUT', `/api/lb/${SERVICE}/receivers/visa-base-i/active`, {
      active: false,
    });
    expect(deactivate.statusCode).toBe(204);

    const changed = await receivers();
    expect(changed.get('mastercard-banknet')?.weight).toBe(1000);
    expect(changed.get('visa-base-i')).toMatchObject({
      isActive: false,
      latestChange: { currentStatus: 'inactive', time: app.clock.now().toISOString() },
    });
    const entries = await app.services.audit.listRecent(database.db, { actor: 'admin', limit: 10 });
    expect(entries.find((entry) => entry.action === LB_AUDIT_ACTIONS.receiverWeightChanged)).toMatchObject({
      outcome: 'success',
      detail: {
        serviceId: SERVICE,
        receiverId: 'mastercard-banknet',
        receiverName: 'Mastercard Banknet',
        changes: { weight: { from: 300, to: 1000 } },
      },
    });
    expect(entries.find((entry) => entry.action === LB_AUDIT_ACTIONS.receiverDeactivated)).toMatchObject({
      outcome: 'success',
      detail: { receiverId: 'visa-base-i', changes: { active: { from: true, to: false } } },
    });
    expect(
      entries.some(
        (entry) => entry.action === LB_AUDIT_ACTIONS.receiverDeactivated && entry.outcome === 'refused',
      ),
    ).toBe(true);
    const { services } = servicesResponseSchema.parse((await call('GET', '/api/lb')).json());
    // Every active receiver is up.
    expect(services[0]?.latestChange?.currentStatus).toBe('up');

    await tick();
    const after = await receivers();
    expect(after.get('visa-base-i')?.throughput).toBe(0);
    const mastercard = after.get('mastercard-banknet')?.throughput ?? 0;
    const amex = after.get('amex-gateway-saf')?.throughput ?? 0;
    // Weights 1000 : 200 of the card traffic.
    expect(mastercard).toBeGreaterThan(amex * 2.5);

    const activate = await call('PUT', `/api/lb/${SERVICE}/receivers/visa-base-i/active`, { active: true });
    expect(activate.statusCode).toBe(204);
    await tick();
    expect((await receivers()).get('visa-base-i')?.throughput).toBeGreaterThan(0);
    const activated = await app.services.audit.listRecent(database.db, {
      action: LB_AUDIT_ACTIONS.receiverActivated,
      limit: 1,
    });
    expect(activated[0]?.detail).toMatchObject({ changes: { active: { from: false, to: true } } });
  });
});

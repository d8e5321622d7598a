import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiversResponseSchema, type Receiver } from '@web-control/contract/load-balancer';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { buildTestApp, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { createLoadBalancerRepository } from './repository.ts';
import { LB_AUDIT_ACTIONS, LB_MESSAGES } from './service.ts';

const SERVICE = 'card-authorisations';
const receiverUrl = (receiverId: string, change: 'weight' | 'active') =>
  `/api/lb/${SERVICE}/receivers/${receiverId}/${change}`;

describe.each(TEST_DATABASE_KINDS)('edit versions of receivers on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  function call(method: 'GET' | 'PUT', url: string, payload?: object, ifMatch?: string) {
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }),
      },
    });
  }

  async function receiver(receiverId: string): Promise<Receiver | undefined> {
    const response = await call('GET', `/api/lb/${SERVICE}/receivers`);
    return receiversResponseSchema.parse(response.json()).receivers.find((each) => each.id === receiverId);
  }

  async function receiverState(receiverId: string) {
    return {
      receiver: await database.db
        .selectFrom('receivers')
        .selectAll()
        .where('receiver_id', '=', receiverId)
        .execute(),
      changes: await database.db
        .selectFrom('receiver_changes')
        .selectAll()
        .where('receiver_id', '=', receiverId)
        .orderBy('change_id')
        .execute(),
    };
  }

  it('lists each receiver with its version and raises it with each change made against it', async () => {
    const before = await receiver('visa-base-i');
    expect(before?.version).toBe(1);
    const weight = await call('PUT', receiverUrl('visa-base-i', 'weight'), { weight: 450 }, '"1"');
    expect(weight.statusCode, weight.body).toBe(204);
    expect(weight.headers.etag).toBe('"2"');
    const active = await call('PUT', receiverUrl('visa-base-i', 'active'), { active: false }, '"2"');
    expect(active.statusCode, active.body).toBe(204);
    expect(active.headers.etag).toBe('"3"');
    expect(await receiver('visa-base-i')).toMatchObject({ weight: 450, isActive: false, version: 3 });
  });

  it('answers a weight or switch the receiver already has without a new version or history', async () => {
    const before = await receiverState('amex-gateway-saf');
    const { version = 0, weight = 0, isActive = true } = (await receiver('amex-gateway-saf')) ?? {};
    for (const [change, payload] of [
      ['weight', { weight }],
      ['active', { active: isActive }],
    ] as const) {
      const same = await call('PUT', receiverUrl('amex-gateway-saf', change), payload, `"${version}"`);
      expect(same.statusCode, same.body).toBe(204);
      expect(same.headers.etag, change).toBe(`"${version}"`);
    }
    expect(await receiverState('amex-gateway-saf')).toEqual(before);
    // A colleague's change against the version they loaded still goes through.
    const other = await call(
      'PUT',
      receiverUrl('amex-gateway-saf', 'active'),
      { active: !isActive },
      `"${version}"`,
    );
    expect(other.statusCode, other.body).toBe(204);
  });

  it('refuses a weight or switch made against an older version with 409, the receiver as it is now, and no change', async () => {
    const first = await call('PUT', receiverUrl('mastercard-banknet', 'weight'), { weight: 700 }, '"1"');
    expect(first.statusCode, first.body).toBe(204);
    const before = await receiverState('mastercard-banknet');
    const current = await receiver('mastercard-banknet');

    for (const [change, payload] of [
      ['weight', { weight: 10 }],
      ['active', { active: false }],
    ] as const) {
      const stale = await call('PUT', receiverUrl('mastercard-banknet', change), payload, '"1"');
      expect(stale.statusCode, change).toBe(409);
      expect(stale.json()).toEqual({
        errorMessage: LB_MESSAGES.receiverChanged({ weight: 700, active: true }),
        code: 'CONFLICT',
        details: { current: { ...current, version: 2 } },
      });
    }
    expect(LB_MESSAGES.receiverChanged({ weight: 700, active: true })).toBe(
      'Someone else changed this receiver while you were editing: its weight is now 700 and it is active.',
    );
    expect(await receiverState('mastercard-banknet')).toEqual(before);
    const refused = await app.services.audit.listRecent(database.db, { actor: 'admin', limit: 5 });
    expect(refused.find((entry) => entry.action === LB_AUDIT_ACTIONS.receiverWeightChanged)).toMatchObject({
      outcome: 'refused',
      detail: { receiverId: 'mastercard-banknet', status: 409 },
    });
  });

  it('lets one of two racing weight changes win; the other gets 409', async () => {
    const { version = 0 } = (await receiver('amex-gateway-saf')) ?? {};
    const tag = `"${version}"`;
    const answers = await Promise.all([
      call('PUT', receiverUrl('amex-gateway-saf', 'weight'), { weight: 11 }, tag),
      call('PUT', receiverUrl('amex-gateway-saf', 'weight'), { weight: 22 }, tag),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const winner = answers.findIndex((answer) => answer.statusCode === 204);
    expect(await receiver('amex-gateway-saf')).toMatchObject({
      weight: winner === 0 ? 11 : 22,
      version: version + 1,
    });
  });

  it('updates only while the version is the expected one, in one conditional UPDATE', async () => {
    const repository = createLoadBalancerRepository();
    const { version = 0 } = (await receiver('visa-base-i')) ?? {};
    expect(await repository.updateReceiver(database.db, 'visa-base-i', { weight: 5 }, version)).toBe(
      version + 1,
    );
    expect(await repository.updateReceiver(database.db, 'visa-base-i', { weight: 6 }, version)).toBe(
      undefined,
    );
    expect((await receiver('visa-base-i'))?.weight).toBe(5);
  });
});

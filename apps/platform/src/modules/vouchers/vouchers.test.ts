import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatCompactIso,
  receiverOptionsResponseSchema,
  transactionLegResponseSchema,
  transactionsResponseSchema,
} from '@web-control/contract/transactions';
import {
  orderDetailResponseSchema,
  rollableAuthorisationIdOf,
  vouchersResponseSchema,
  type OrderDetailResponse,
  type VoucherState,
} from '@web-control/contract/vouchers';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TICK_MS } from '../../simulator/engine.ts';
import { VOUCHER_BRANCHES, VOUCHER_MERCHANTS } from '../../simulator/voucher-legs.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { findPlanNode, type PlanNode } from '../../testing/query-plans.ts';
import { CompiledQuery } from 'kysely';
import { MINUTE_MS } from '../../time.ts';
import { voucherSearchQueries, type VoucherSearch } from './repository.ts';
import { VOUCHER_MESSAGES } from './messages.ts';

const START = new Date('2026-03-02T08:00:00Z');
const BRANCH = VOUCHER_BRANCHES[0] ?? { merchantId: '', terminalId: '', name: '', city: '', region: '' };
const MERCHANT = VOUCHER_MERCHANTS[1] ?? BRANCH;
const OTHER_MERCHANT = VOUCHER_MERCHANTS[2] ?? BRANCH;

let sequence = 0;
function nextAuthorisationId(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${sequence.toString().padStart(12, '0')}`;
}

describe.each(TEST_DATABASE_KINDS)('vouchers API on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  type UserName = 'viewer' | 'editor' | 'vouchersOnly' | 'transactionsOnly';
  const users = new Map<UserName, { username: string; password: string }>();
  const tokens = new Map<UserName, { token: string; issuedAt: number }>();
  let editorName = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildTestApp({ database, clock: new ManualClock(START), settings: { simulatorTps: 0.5 } });
    users.set('viewer', await createTestUser(database, ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS']));
    users.set(
      'editor',
      await createTestUser(database, ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS', 'EDIT_VOUCHERS']),
    );
    users.set('vouchersOnly', await createTestUser(database, ['VIEW_VOUCHERS', 'EDIT_VOUCHERS']));
    users.set('transactionsOnly', await createTestUser(database, ['VIEW_TRANSACTIONS']));
    editorName = users.get('editor')?.username ?? '';
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A voucher bought at `at` (REDEEMABLE a few seconds later unless unpaid). */
  async function buyVoucher(
    options: { amountMinor?: number; at?: Date; unpaid?: boolean; customerId?: string } = {},
  ): Promise<{ id: number; reference: string; customerId: string }> {
    const at = options.at ?? app.clock.now();
    const customerId = options.customerId ?? 'C00000042';
    const [created] = await app.services.vouchers.purchase(database.db, [
      {
        customerId,
        recipientId: '27821234567',
        currency: 'ZAR',
        amountMinor: options.amountMinor ?? 50_000,
        branch: BRANCH,
        at,
        authorisationId: nextAuthorisationId(),
        paidAt: options.unpaid === true ? undefined : new Date(at.getTime() + 5_000),
      },
    ]);
    if (created === undefined) throw new Error('no voucher');
    return { ...created, customerId };
  }

  /** A redemption authorised now; confirmed unless `stuck`. */
  async function redeemVoucher(
    voucher: { id: number },
    amountMinor: number,
    options: { stuck?: boolean; merchant?: typeof MERCHANT } = {},
  ): Promise<string> {
    const redemption = {
      voucherId: voucher.id,
      amountMinor,
      merchant: options.merchant ?? MERCHANT,
      recipientId: '27821234567',
      authorisationId: nextAuthorisationId(),
      at: app.clock.now(),
    };
    const event = await app.services.vouchers.authoriseRedemption(database.db, redemption);
    if (event === undefined) throw new Error('redemption declined');
    if (options.stuck !== true) {
      await app.services.vouchers.confirmRedemption(database.db, redemption, event, app.clock.now());
    }
    return redemption.authorisationId;
  }

  async function setState(voucher: { id: number }, state: VoucherState): Promise<void> {
    await database.db.updateTable('vouchers').set({ state }).where('id', '=', voucher.id).execute();
  }

  /** A signed-in user's access token; the tests move the clock on, so an old one is replaced. */
  async function tokenOf(name: UserName): Promise<string> {
    const now = app.clock.now().getTime();
    const held = tokens.get(name);
    if (held !== undefined && now - held.issuedAt < 2 * MINUTE_MS) return held.token;
    const user = users.get(name);
    if (user === undefined) throw new Error(`no user ${name}`);
    const token = (await login(app, user.username, user.password)).access_token;
    tokens.set(name, { token, issuedAt: now });
    return token;
  }

  async function request(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    options: { as?: UserName | null; payload?: object; headers?: Record<string, string> } = {},
  ) {
    const token = options.as === null ? null : await tokenOf(options.as ?? 'editor');
    return app.inject({
      method,
      url,
      headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload }),
    });
  }

  function queryString(query: Record<string, string | number>): string {
    return new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
  }

  async function detail(reference: string): Promise<OrderDetailResponse> {
    const response = await request('GET', `/api/moneytransfer/order/${reference}`, { as: 'viewer' });
    expect(response.statusCode, response.body).toBe(200);
    return orderDetailResponseSchema.parse(response.json());
  }

  function hold(
    voucher: { reference: string; customerId: string },
    onHold: boolean,
    reason = 'Sender called',
  ) {
    return request(
      'PUT',
      `/api/moneytransfer/customer/${voucher.customerId}/order/${voucher.reference}/holdStatus`,
      {
        payload: { onHold, reason },
      },
    );
  }

  function roll(
    reference: string,
    authorisationId: string,
    direction: 'roll-back' | 'roll-forward',
    payload: object = { supportId: 'SUP-1', comment: 'Merchant called' },
  ) {
    return request(
      'POST',
      `/api/moneytransfer/order/${reference}/redemption/${authorisationId}/${direction}`,
      {
        payload,
      },
    );
  }

  async function auditRows(action: string, reference: string) {
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['actor', 'outcome', 'detail'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
    return rows.filter((row) => row.detail.reference === reference);
  }

  it('reads with VIEW_VOUCHERS and VIEW_TRANSACTIONS, changes only with EDIT_VOUCHERS', async () => {
    const voucher = await buyVoucher();
    const reads = ['/api/moneytransfer/orders', `/api/moneytransfer/order/${voucher.reference}`];
    for (const url of reads) {
      expect((await request('GET', url, { as: null })).statusCode, url).toBe(401);
      for (const as of ['vouchersOnly', 'transactionsOnly'] as const) {
        const refused = await request('GET', url, { as });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json<{ errorMessage: string }>().errorMessage).toBe(
          'You do not have permission to do this.',
        );
      }
      expect((await request('GET', url, { as: 'viewer' })).statusCode, url).toBe(200);
    }
    const authorisationId = await redeemVoucher(voucher, 10_000, { stuck: true });
    const changes = [
      () =>
        request(
          'PUT',
          `/api/moneytransfer/customer/${voucher.customerId}/order/${voucher.reference}/holdStatus`,
          {
            as: 'viewer',
            payload: { onHold: true, reason: 'x' },
          },
        ),
      () =>
        request(
          'POST',
          `/api/moneytransfer/order/${voucher.reference}/redemption/${authorisationId}/roll-back`,
          {
            as: 'viewer',
            payload: { supportId: 'S', comment: 'c' },
          },
        ),
      () =>
        request(
          'POST',
          `/api/moneytransfer/order/${voucher.reference}/redemption/${authorisationId}/roll-forward`,
          {
            as: 'transactionsOnly',
            payload: { supportId: 'S', comment: 'c' },
          },
        ),
    ];
    for (const change of changes) {
      expect((await change()).statusCode).toBe(403);
    }
    expect((await detail(voucher.reference)).order.state).toBe('REDEMPTION_AUTHORISED');
  });

  it('places a REDEEMABLE voucher on hold and releases it, in its history and the audit log', async () => {
    const voucher = await buyVoucher({ amountMinor: 25_000 });
    app.clock.advance(MINUTE_MS);
    const held = await hold(voucher, true, 'Sender reported the slip stolen');
    expect(held.statusCode, held.body).toBe(200);
    const onHold = orderDetailResponseSchema.parse(held.json());
    expect(onHold.order).toMatchObject({
      reference: voucher.reference,
      state: 'ON_HOLD',
      datetimeModified: app.clock.now().toISOString(),
      amount: { amount: 25_000, currency: 'ZAR' },
    });
    expect(onHold.stateTransitions[0]).toMatchObject({
      event: 2,
      state: 'ON_HOLD',
      action: 'PLACE_HOLD',
      actionDescription: 'Placed on hold: Sender reported the slip stolen',
      eventAmount: null,
      remainingOrderAmount: { amount: 25_000, currency: 'ZAR' },
      username: editorName,
    });

    app.clock.advance(MINUTE_MS);
    const released = await hold(voucher, false, 'Sender found the slip');
    expect(released.statusCode, released.body).toBe(200);
    const after = await detail(voucher.reference);
    expect(after.order.state).toBe('REDEEMABLE');
    expect(after.stateTransitions.map((transition) => `${transition.event} ${transition.action}`)).toEqual([
      '3 RELEASE_HOLD',
      '2 PLACE_HOLD',
      '1 CONFIRM_PAYMENT',
      '1 CREATE',
    ]);
    expect(after.stateTransitions[0]?.actionDescription).toBe('Hold released: Sender found the slip');

    const audits = [
      ...(await auditRows('voucher.hold', voucher.reference)),
      ...(await auditRows('voucher.release', voucher.reference)),
    ];
    expect(audits).toEqual([
      {
        actor: editorName,
        outcome: 'success',
        detail: {
          reference: voucher.reference,
          customerId: voucher.customerId,
          onHold: true,
          comment: 'Sender reported the slip stolen',
        },
      },
      {
        actor: editorName,
        outcome: 'success',
        detail: {
          reference: voucher.reference,
          customerId: voucher.customerId,
          onHold: false,
          comment: 'Sender found the slip',
        },
      },
    ]);
  });

  it('refuses a hold or release from any other state with the reason, changing nothing', async () => {
    const cases: Array<{ state: VoucherState; onHold: boolean; message: (reference: string) => string }> = [
      ...(['CREATED', 'REDEMPTION_AUTHORISED', 'REDEEMED', 'REFUNDED', 'ON_HOLD'] as const).map((state) => ({
        state,
        onHold: true,
        message: (reference: string) => VOUCHER_MESSAGES.cannotHold(reference, state),
      })),
      ...(['CREATED', 'REDEEMABLE', 'REDEMPTION_AUTHORISED', 'REDEEMED', 'REFUNDED'] as const).map(
        (state) => ({
          state,
          onHold: false,
          message: (reference: string) => VOUCHER_MESSAGES.cannotRelease(reference, state),
        }),
      ),
    ];
    for (const { state, onHold, message } of cases) {
      const voucher = await buyVoucher();
      await setState(voucher, state);
      const response = await hold(voucher, onHold);
      expect(response.statusCode, `${state} ${String(onHold)}`).toBe(409);
      expect(response.json<{ errorMessage: string }>().errorMessage).toBe(message(voucher.reference));
      const after = await detail(voucher.reference);
      expect(after.order.state).toBe(state);
      expect(after.stateTransitions).toHaveLength(2);
    }
    expect(VOUCHER_MESSAGES.cannotHold('123', 'REDEEMED')).toBe(
      'Voucher 123 is REDEEMED: only a REDEEMABLE voucher can be placed on hold.',
    );
    const voucher = await buyVoucher();
    await setState(voucher, 'REDEEMED');
    await hold(voucher, true);
    expect(await auditRows('voucher.hold', voucher.reference)).toEqual([
      {
        actor: editorName,
        outcome: 'refused',
        detail: {
          reference: voucher.reference,
          customerId: voucher.customerId,
          onHold: true,
          comment: 'Sender called',
          status: 409,
          reason: VOUCHER_MESSAGES.cannotHold(voucher.reference, 'REDEEMED'),
        },
      },
    ]);
  });

  it('answers 404 for an unknown voucher or another customer, 400 without a reason', async () => {
    const voucher = await buyVoucher({ customerId: 'C11111111' });
    const unknown = await request('GET', '/api/moneytransfer/order/999999999999', { as: 'viewer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ errorMessage: string }>().errorMessage).toBe(
      'Voucher 999999999999 does not exist.',
    );
    // A card number where a reference goes is refused, not looked up, and not echoed.
    const card = await request('GET', '/api/moneytransfer/order/4111%C2%A01111%C2%A01111%C2%A01111', {
      as: 'viewer',
    });
    expect(card.statusCode).toBe(400);
    expect(card.json<{ errorMessage: string }>().errorMessage).toContain('A card number is never searched');
    expect(card.body).not.toContain('1111');
    const otherCustomer = await hold({ ...voucher, customerId: 'C22222222' }, true);
    expect(otherCustomer.statusCode).toBe(404);
    expect(otherCustomer.json<{ errorMessage: string }>().errorMessage).toBe(
      `Voucher ${voucher.reference} does not exist for customer C22222222.`,
    );
    const blank = await hold(voucher, true, '   ');
    expect(blank.statusCode).toBe(400);
    expect((await detail(voucher.reference)).order.state).toBe('REDEEMABLE');
  });

  it('lets exactly one of racing holds win; the others get 409', async () => {
    const voucher = await buyVoucher();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => hold(voucher, true, `race ${index}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json<{ errorMessage: string }>().errorMessage).toMatch(
        new RegExp(
          `^Voucher ${voucher.reference} (is ON_HOLD: only a REDEEMABLE voucher can be placed on hold\\.|changed while this change was being made and is now ON_HOLD\\. Refresh it and try again\\.)$`,
        ),
      );
    }
    const history = await detail(voucher.reference);
    expect(history.stateTransitions.filter((transition) => transition.action === 'PLACE_HOLD')).toHaveLength(
      1,
    );
  });

  it('changes a voucher only while it is in the state the change starts from (the conditional update)', async () => {
    const voucher = await buyVoucher();
    const { repository } = app.services.vouchers;
    const change = {
      voucherId: voucher.id,
      from: 'ON_HOLD' as const,
      to: 'REDEEMABLE' as const,
      at: START,
      opensEvent: true,
    };
    expect(await repository.changeState(database.db, change)).toBeUndefined();
    expect(
      await repository.changeState(database.db, { ...change, from: 'REDEEMABLE', to: 'ON_HOLD' }),
    ).toEqual({
      balanceMinor: 50_000,
      event: 2,
    });
    // The balance never goes below zero: such a redemption is declined.
    await setState(voucher, 'REDEEMABLE');
    const declined = await app.services.vouchers.authoriseRedemption(database.db, {
      voucherId: voucher.id,
      amountMinor: 50_001,
      merchant: MERCHANT,
      recipientId: null,
      authorisationId: nextAuthorisationId(),
      at: START,
    });
    expect(declined).toBeUndefined();
  });

  it('rolls back only the most recent redemption while REDEMPTION_AUTHORISED, restoring its amount', async () => {
    const voucher = await buyVoucher({ amountMinor: 80_000 });
    app.clock.advance(MINUTE_MS);
    const first = await redeemVoucher(voucher, 30_000);
    app.clock.advance(MINUTE_MS);
    const second = await redeemVoucher(voucher, 20_000, { stuck: true, merchant: OTHER_MERCHANT });
    const before = await detail(voucher.reference);
    expect(before.order).toMatchObject({ state: 'REDEMPTION_AUTHORISED', amount: { amount: 30_000 } });
    expect(rollableAuthorisationIdOf(before)).toBe(second);

    const older = await roll(voucher.reference, first, 'roll-back');
    expect(older.statusCode).toBe(409);
    expect(older.json<{ errorMessage: string }>().errorMessage).toBe(
      `Redemption ${first} is not the most recent redemption of voucher ${voucher.reference}: only the most recent one can be rolled back.`,
    );
    const unknown = await roll(voucher.reference, 'no-such-authorisation', 'roll-back');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ errorMessage: string }>().errorMessage).toBe(
      `Voucher ${voucher.reference} has no redemption with authorisation id no-such-authorisation.`,
    );
    for (const payload of [
      { supportId: '', comment: 'c' },
      { supportId: 'S', comment: ' ' },
      { comment: 'c' },
    ]) {
      expect((await roll(voucher.reference, second, 'roll-back', payload)).statusCode).toBe(400);
    }

    app.clock.advance(MINUTE_MS);
    const rolled = await roll(voucher.reference, second, 'roll-back', {
      supportId: 'SUP-77',
      comment: 'Till crashed',
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const after = orderDetailResponseSchema.parse(rolled.json());
    expect(after.order).toMatchObject({ state: 'REDEEMABLE', amount: { amount: 50_000, currency: 'ZAR' } });
    expect(after.stateTransitions[0]).toMatchObject({
      event: 3,
      state: 'REDEEMABLE',
      action: 'ROLL_BACK',
      actionDescription: 'Redemption rolled back (support SUP-77): Till crashed',
      eventAmount: { amount: 20_000, currency: 'ZAR' },
      remainingOrderAmount: { amount: 50_000, currency: 'ZAR' },
      authorisationId: second,
      username: editorName,
      supportId: 'SUP-77',
    });
    expect(rollableAuthorisationIdOf(after)).toBeNull();
    // Once rolled, neither direction applies any more.
    const again = await roll(voucher.reference, second, 'roll-forward');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ errorMessage: string }>().errorMessage).toBe(
      `Voucher ${voucher.reference} is REDEEMABLE: only a redemption still REDEMPTION_AUTHORISED can be rolled forward.`,
    );
    expect(await auditRows('voucher.redemption.roll-back', voucher.reference)).toContainEqual({
      actor: editorName,
      outcome: 'success',
      detail: {
        reference: voucher.reference,
        authorisationId: second,
        supportId: 'SUP-77',
        comment: 'Till crashed',
      },
    });
  });

  it('rolls forward: REDEEMED when nothing is left, REDEEMABLE after a partial redemption', async () => {
    const whole = await buyVoucher({ amountMinor: 40_000 });
    const wholeId = await redeemVoucher(whole, 40_000, { stuck: true });
    const forward = await roll(whole.reference, wholeId, 'roll-forward', {
      supportId: 'SUP-8',
      comment: 'Paid out',
    });
    expect(forward.statusCode, forward.body).toBe(200);
    const done = orderDetailResponseSchema.parse(forward.json());
    expect(done.order).toMatchObject({ state: 'REDEEMED', amount: { amount: 0 } });
    expect(done.stateTransitions[0]).toMatchObject({
      action: 'ROLL_FORWARD',
      state: 'REDEEMED',
      actionDescription: 'Redemption rolled forward (support SUP-8): Paid out',
    });

    const part = await buyVoucher({ amountMinor: 40_000 });
    const partId = await redeemVoucher(part, 15_000, { stuck: true });
    const partial = await roll(part.reference, partId, 'roll-forward');
    expect(orderDetailResponseSchema.parse(partial.json()).order).toMatchObject({
      state: 'REDEEMABLE',
      amount: { amount: 25_000 },
    });
  });

  it('lets one of a racing roll back and roll forward win', async () => {
    const voucher = await buyVoucher({ amountMinor: 30_000 });
    const authorisationId = await redeemVoucher(voucher, 30_000, { stuck: true });
    const answers = await Promise.all([
      roll(voucher.reference, authorisationId, 'roll-back'),
      roll(voucher.reference, authorisationId, 'roll-forward'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await detail(voucher.reference);
    const rolls = after.stateTransitions.filter((transition) =>
      ['ROLL_BACK', 'ROLL_FORWARD'].includes(transition.action),
    );
    expect(rolls).toHaveLength(1);
    expect(after.order.state).toBe(rolls[0]?.action === 'ROLL_BACK' ? 'REDEEMABLE' : 'REDEEMED');
  });

  it('honours Idempotency-Key: a replay answers the first result and changes nothing', async () => {
    const voucher = await buyVoucher();
    const url = `/api/moneytransfer/customer/${voucher.customerId}/order/${voucher.reference}/holdStatus`;
    const headers = { 'idempotency-key': `hold-${voucher.reference}` };
    const first = await request('PUT', url, { payload: { onHold: true, reason: 'once' }, headers });
    expect(first.statusCode).toBe(200);
    app.clock.advance(MINUTE_MS);
    const replay = await request('PUT', url, { payload: { onHold: true, reason: 'once' }, headers });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await request('PUT', url, { payload: { onHold: false, reason: 'once' }, headers });
    expect(other.statusCode).toBe(422);
    const after = await detail(voucher.reference);
    expect(after.stateTransitions.filter((transition) => transition.action === 'PLACE_HOLD')).toHaveLength(1);
    expect(await auditRows('voucher.hold', voucher.reference)).toHaveLength(1);

    const stuck = await buyVoucher();
    const authorisationId = await redeemVoucher(stuck, 5_000, { stuck: true });
    const rollHeaders = { 'idempotency-key': `roll-${stuck.reference}` };
    const rollUrl = `/api/moneytransfer/order/${stuck.reference}/redemption/${authorisationId}/roll-back`;
    const payload = { supportId: 'SUP-1', comment: 'once' };
    expect((await request('POST', rollUrl, { payload, headers: rollHeaders })).statusCode).toBe(200);
    const rollReplay = await request('POST', rollUrl, { payload, headers: rollHeaders });
    expect(rollReplay.statusCode).toBe(200);
    expect(rollReplay.headers['idempotent-replayed']).toBe('true');
    expect(
      (await detail(stuck.reference)).stateTransitions.filter((item) => item.action === 'ROLL_BACK'),
    ).toHaveLength(1);
  });

  it('answers the detail: order, history newest first, the purchase and the redemptions', async () => {
    const voucher = await buyVoucher({ amountMinor: 60_000 });
    app.clock.advance(MINUTE_MS);
    const authorisationId = await redeemVoucher(voucher, 60_000);
    const order = await detail(voucher.reference);
    expect(order.order).toMatchObject({ customerId: 'C00000042', state: 'REDEEMED', amount: { amount: 0 } });
    expect(order.stateTransitions.map((transition) => [transition.event, transition.state])).toEqual([
      [2, 'REDEEMED'],
      [2, 'REDEMPTION_AUTHORISED'],
      [1, 'REDEEMABLE'],
      [1, 'CREATED'],
    ]);
    expect(order.stateTransitions[0]?.actionDescription).toBe(`Redemption confirmed by ${MERCHANT.name}`);
    expect(order.payment).toMatchObject({
      originator: { merchant: { merchantId: BRANCH.merchantId }, terminalId: BRANCH.terminalId },
      merchantName: { name: BRANCH.name, city: BRANCH.city, region: BRANCH.region },
      recipientId: '27821234567',
    });
    expect(order.payouts).toEqual([
      {
        event: 2,
        amount: { amount: 60_000, currency: 'ZAR' },
        datetimeAuthorised: app.clock.now().toISOString(),
        originator: { merchant: { merchantId: MERCHANT.merchantId }, terminalId: MERCHANT.terminalId },
        merchantName: { name: MERCHANT.name, city: MERCHANT.city, region: MERCHANT.region },
        recipientId: '27821234567',
        authorisationId,
      },
    ]);
  });

  describe('search', () => {
    const DAY = new Date('2024-05-01T00:00:00Z').getTime();
    const at = (hours: number) => new Date(DAY + hours * 3_600_000);
    let made: Array<{ reference: string; hours: number }> = [];

    beforeAll(async () => {
      // Eight vouchers an hour apart on a day no other test uses; the last three changed later.
      made = [];
      for (let hours = 0; hours < 8; hours += 1) {
        made.push({ ...(await buyVoucher({ at: at(hours) })), hours });
      }
      for (const { reference, hours } of made.slice(5)) {
        await database.db
          .updateTable('vouchers')
          .set({ datetime_modified: at(20 + hours) })
          .where('reference', '=', reference)
          .execute();
      }
    });

    async function search(query: Record<string, string | number>) {
      const response = await request('GET', `/api/moneytransfer/orders?${queryString(query)}`, {
        as: 'viewer',
      });
      expect(response.statusCode, response.body).toBe(200);
      return vouchersResponseSchema.parse(response.json());
    }

    it('finds one voucher by its reference', async () => {
      const target = made[3];
      const found = await search({ orderReference: target?.reference ?? '' });
      expect(found.senderOrders.map((order) => order.reference)).toEqual([target?.reference]);
      expect(found.paging).toEqual({ nextPage: null, nrRecords: 1, range: '1-1' });
      const none = await search({ orderReference: '000000000000' });
      expect(none).toEqual({ senderOrders: [], paging: { nextPage: null, nrRecords: 0, range: '0-0' } });
    });

    it('bounds the creation time (inclusive), newest created first, paged', async () => {
      const query = { fromDatetime: at(1).toISOString(), toDatetime: '2024-05-01T08:00:00+02:00', limit: 2 };
      // 01:00 to 06:00 UTC: six vouchers.
      const first = await search(query);
      expect(first.senderOrders.map((order) => order.datetimeCreated)).toEqual([
        at(6).toISOString(),
        at(5).toISOString(),
      ]);
      expect(first.paging).toEqual({ nextPage: 2, nrRecords: 6, range: '1-2' });
      const last = await search({ ...query, offset: 4 });
      expect(last.senderOrders.map((order) => order.datetimeCreated)).toEqual([
        at(2).toISOString(),
        at(1).toISOString(),
      ]);
      expect(last.paging).toEqual({ nextPage: null, nrRecords: 6, range: '5-6' });
    });

    it('bounds the last change, newest change first', async () => {
      const found = await search({
        fromLastModifiedDatetime: at(20).toISOString(),
        toLastModifiedDatetime: at(48).toISOString(),
      });
      expect(found.senderOrders.map((order) => order.reference)).toEqual(
        made
          .slice(5)
          .reverse()
          .map((item) => item.reference),
      );
      expect(found.paging.nrRecords).toBe(3);
      const both = await search({
        fromDatetime: at(0).toISOString(),
        toDatetime: at(5).toISOString(),
        fromLastModifiedDatetime: at(0).toISOString(),
        toLastModifiedDatetime: at(26).toISOString(),
      });
      // Created by 05:00 and changed by 02:00 the next day: the first six.
      expect(both.senderOrders.map((order) => order.reference)).toEqual([
        made[5]?.reference,
        ...made
          .slice(0, 5)
          .reverse()
          .map((item) => item.reference),
      ]);
      const onlyFrom = await search({ fromLastModifiedDatetime: at(27).toISOString() });
      expect(onlyFrom.senderOrders.map((order) => order.reference)).toContain(made[7]?.reference);
      expect(onlyFrom.senderOrders.map((order) => order.reference)).not.toContain(made[6]?.reference);
    });

    it('refuses a bound without a zone, a reversed range and a limit out of range', async () => {
      const queries: Array<Record<string, string | number>> = [
        { fromDatetime: '2024-05-01T00:00:00' },
        { fromDatetime: at(5).toISOString(), toDatetime: at(1).toISOString() },
        { fromLastModifiedDatetime: at(5).toISOString(), toLastModifiedDatetime: at(1).toISOString() },
        { limit: 0 },
        { limit: 501 },
        { offset: -1 },
      ];
      for (const query of queries) {
        const response = await request('GET', `/api/moneytransfer/orders?${queryString(query)}`, {
          as: 'viewer',
        });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
      }
    });

    it('refuses a card number given as the reference, with the reason', async () => {
      for (const reference of ['4111111111111111', '4111 1111 1111 1111']) {
        const response = await request(
          'GET',
          `/api/moneytransfer/orders?${queryString({ orderReference: reference })}`,
          {
            as: 'viewer',
          },
        );
        expect(response.statusCode, reference).toBe(400);
        expect(response.json<{ errorMessage: string }>().errorMessage, reference).toContain(
          'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984',
        );
      }
    });

    it('reads each page from an index in order, never sorting or scanning the table', async () => {
      const searches: VoucherSearch[] = [
        { offset: 200, limit: 25 },
        { offset: 200, limit: 25, createdFrom: at(0), createdTo: at(8) },
        { offset: 200, limit: 25, modifiedFrom: at(0), modifiedTo: at(30) },
        { offset: 0, limit: 25, reference: made[0]?.reference ?? '' },
      ];
      for (const search of searches) {
        const plan = await database.db.transaction().execute(async (tx) => {
          // A tiny table is cheaper to scan; turning the alternatives off shows an index can serve it.
          // (A reference matches one row: its sort costs nothing, so sorting stays allowed there.)
          const settings = [
            'enable_seqscan',
            'enable_bitmapscan',
            ...(search.reference === undefined ? ['enable_sort'] : []),
          ];
          for (const setting of settings) {
            await sql`select set_config(${setting}, 'off', true)`.execute(tx);
          }
          const query = voucherSearchQueries(tx, search).page.compile();
          const explained = await tx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
            CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
          );
          return explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
        });
        const label = JSON.stringify(search);
        if (search.reference === undefined) {
          expect(
            findPlanNode(plan, (node) => node['Node Type'] === 'Sort'),
            label,
          ).toBeUndefined();
        }
        expect(
          findPlanNode(plan, (node) => node['Node Type'] === 'Seq Scan'),
          label,
        ).toBeUndefined();
        const expected =
          search.reference !== undefined
            ? 'vouchers_reference_key'
            : search.createdFrom !== undefined
              ? 'vouchers_created_idx'
              : 'vouchers_modified_idx';
        expect(
          findPlanNode(plan, (node) => node['Index Name'] === expected),
          label,
        ).toBeDefined();
      }
    });
  });

  it('makes the switch’s transitions only from their states: payment, refund, expiry', async () => {
    const { vouchers } = app.services;
    const unpaid = await buyVoucher({ unpaid: true });
    expect((await detail(unpaid.reference)).order.state).toBe('CREATED');
    expect(await vouchers.refund(database.db, unpaid.id, app.clock.now(), { action: 'EXPIRE' })).toBe(false);
    expect(await vouchers.confirmPayment(database.db, unpaid.id, app.clock.now())).toBe(true);
    expect(await vouchers.confirmPayment(database.db, unpaid.id, app.clock.now())).toBe(false);
    expect((await detail(unpaid.reference)).stateTransitions.map((transition) => transition.action)).toEqual([
      'CONFIRM_PAYMENT',
      'CREATE',
    ]);

    const refunded = await buyVoucher({ amountMinor: 12_000 });
    expect(
      await vouchers.refund(database.db, refunded.id, app.clock.now(), { action: 'REFUND', branch: BRANCH }),
    ).toBe(true);
    const after = await detail(refunded.reference);
    expect(after.order).toMatchObject({ state: 'REFUNDED', amount: { amount: 0 } });
    expect(after.stateTransitions[0]).toMatchObject({
      event: 2,
      action: 'REFUND',
      actionDescription: `Refunded to the sender at ${BRANCH.name}`,
      eventAmount: { amount: 12_000, currency: 'ZAR' },
    });
    // Nothing follows a refund: no redemption, no hold.
    expect(
      await vouchers.authoriseRedemption(database.db, {
        voucherId: refunded.id,
        amountMinor: 1_000,
        merchant: MERCHANT,
        recipientId: null,
        authorisationId: nextAuthorisationId(),
        at: app.clock.now(),
      }),
    ).toBeUndefined();
    expect((await hold(refunded, true)).statusCode).toBe(409);

    // A voucher unredeemed for 30 days expires at the next tick.
    const old = await buyVoucher({ at: new Date(app.clock.now().getTime() - 31 * 24 * 3_600_000) });
    await app.services.simulator.prepare();
    app.clock.advance(TICK_MS);
    await app.services.simulator.tick();
    const expired = await detail(old.reference);
    expect(expired.order.state).toBe('REFUNDED');
    expect(expired.stateTransitions[0]).toMatchObject({
      action: 'EXPIRE',
      actionDescription: 'Expired unredeemed after 30 days: the balance was refunded to the sender',
      eventAmount: { amount: 50_000, currency: 'ZAR' },
    });
  });

  it('records the simulated switch’s voucher traffic: purchases and redemptions open their traces', async () => {
    await app.services.simulator.prepare();
    for (let tick = 0; tick < 60; tick += 1) {
      app.clock.advance(TICK_MS);
      await app.services.simulator.tick();
    }
    const redeemed = await database.db
      .selectFrom('voucher_payments as p')
      .innerJoin('vouchers as v', 'v.id', 'p.voucher_id')
      .select(['v.reference', 'p.authorisation_id', 'p.kind'])
      .where('p.datetime_created', '>', START)
      .where('p.authorisation_id', 'not like', '00000000-%')
      .execute();
    const purchases = redeemed.filter((row) => row.kind === 'PURCHASE');
    expect(purchases.length).toBeGreaterThan(5);
    const purchase = purchases[0];
    const trace = await request('GET', `/api/ecs/transactions/${purchase?.authorisation_id ?? ''}`, {
      as: 'viewer',
    });
    expect(trace.statusCode, trace.body).toBe(200);
    expect(transactionLegResponseSchema.parse(trace.json()).transaction).toMatchObject({
      referenceNumber: purchase?.reference,
      serviceDesc: 'Voucher Purchase',
      receiver: 'Money Transfer Host',
    });
    const options = receiverOptionsResponseSchema.parse(
      (await request('GET', '/api/ecs/receivers', { as: 'viewer' })).json(),
    );
    expect(options.receivers, 'the Receiver filter offers it').toContainEqual({
      id: 'money-transfer-host',
      receiverName: 'Money Transfer Host',
    });
    const window = `dateFrom=${formatCompactIso(START)}&dateTo=${formatCompactIso(app.clock.now())}`;
    const toHost = await request(
      'GET',
      `/api/ecs/transactions?receiver=money-transfer-host&reference=${purchase?.reference ?? ''}&${window}`,
      { as: 'viewer' },
    );
    expect(toHost.statusCode, toHost.body).toBe(200);
    const listed = transactionsResponseSchema.parse(toHost.json()).transactions;
    expect(
      listed.map((leg) => leg.uuid),
      'filtered by it',
    ).toContain(purchase?.authorisation_id);
    expect(new Set(listed.map((leg) => leg.receiver))).toEqual(new Set(['Money Transfer Host']));
    const redemptions = redeemed.filter((row) => row.kind === 'REDEMPTION');
    expect(redemptions.length).toBeGreaterThan(0);
    const redemption = redemptions[0];
    const redemptionTrace = await request(
      'GET',
      `/api/ecs/transactions/${redemption?.authorisation_id ?? ''}`,
      {
        as: 'viewer',
      },
    );
    expect(transactionLegResponseSchema.parse(redemptionTrace.json()).transaction).toMatchObject({
      referenceNumber: redemption?.reference,
      serviceDesc: 'Voucher Redemption',
    });
    const order = await detail(redemption?.reference ?? '');
    expect(order.payouts.map((payout) => payout.authorisationId)).toContain(redemption?.authorisation_id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollableAuthorisationIdOf } from '@web-control/contract/vouchers';
import { ManualClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { createTransactionsRepository } from '../modules/transactions/repository.ts';
import type { App } from '../server.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { DAY_MS } from '../time.ts';
import { seedVouchers, writeVoucherLives } from './voucher-history.ts';
import { planVoucherHistory, planVoucherLives, type VoucherLife } from './voucher-lives.ts';

const NOW = new Date('2026-03-02T08:00:00Z');

/** Everything a voucher's history must agree with, whatever happened to it. */
function expectConsistent(life: VoucherLife): void {
  const last = life.transitions.at(-1);
  expect(last?.state).toBe(life.state);
  expect(last?.remainingMinor).toBe(life.balanceMinor);
  const times = life.transitions.map((transition) => transition.at.getTime());
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
  expect(life.transitions[0]).toMatchObject({ event: 1, action: 'CREATE', state: 'CREATED' });
  expect(life.payments.filter((payment) => payment.kind === 'PURCHASE')).toHaveLength(1);
  // Every cent is still on the voucher, paid out by a redemption that stood, or refunded.
  const rolledBack = new Set(
    life.transitions
      .filter((transition) => transition.action === 'ROLL_BACK')
      .map((transition) => transition.event),
  );
  const paidOut = life.payments
    .filter((payment) => payment.kind === 'REDEMPTION' && !rolledBack.has(payment.event))
    .reduce((sum, payment) => sum + payment.amountMinor, 0);
  const refunded = life.transitions
    .filter((transition) => transition.action === 'REFUND' || transition.action === 'EXPIRE')
    .reduce((sum, transition) => sum + (transition.eventAmountMinor ?? 0), 0);
  expect(life.balanceMinor + paidOut + refunded).toBe(life.amountMinor);
  if (life.state === 'REDEEMED' || life.state === 'REFUNDED') expect(life.balanceMinor).toBe(0);
  expect(life.balanceMinor).toBeGreaterThanOrEqual(0);
}

describe('voucher lives', () => {
  it('plan consistent histories with every outcome', () => {
    const lives = planVoucherLives({
      seed: 7,
      count: 3_000,
      from: new Date(NOW.getTime() - 60 * DAY_MS),
      to: NOW,
      now: NOW,
      withLegs: false,
    });
    for (const life of lives) expectConsistent(life);
    // Holds and stuck redemptions are resolved within hours, so after 60 days few are left.
    const states = new Set(lives.map((life) => life.state));
    for (const state of ['REDEEMABLE', 'REDEEMED', 'REFUNDED'] as const)
      expect(states.has(state), state).toBe(true);
    const actions = new Set(lives.flatMap((life) => life.transitions.map((transition) => transition.action)));
    expect([...actions].sort()).toEqual([
      'AUTHORISE_REDEMPTION',
      'CONFIRM_PAYMENT',
      'CONFIRM_REDEMPTION',
      'CREATE',
      'EXPIRE',
      'PLACE_HOLD',
      'REFUND',
      'RELEASE_HOLD',
      'ROLL_BACK',
      'ROLL_FORWARD',
    ]);
    // Some redemptions take part of the balance.
    expect(
      lives.some((life) => life.payments.filter((payment) => payment.kind === 'REDEMPTION').length > 1),
    ).toBe(true);
  });

  it('plan a first-start history with stuck redemptions and a voucher on hold', () => {
    const lives = planVoucherHistory({ seed: 1, now: NOW, historyMs: 3 * DAY_MS });
    for (const life of lives) expectConsistent(life);
    expect(lives.length).toBe(3_000);
    expect(lives.filter((life) => life.state === 'REDEMPTION_AUTHORISED').length).toBeGreaterThanOrEqual(2);
    expect(lives.some((life) => life.state === 'ON_HOLD')).toBe(true);
    // A short history still gets its demo content.
    const short = planVoucherHistory({ seed: 1, now: NOW, historyMs: 20 * 60_000 });
    expect(short.filter((life) => life.state === 'REDEMPTION_AUTHORISED').length).toBeGreaterThanOrEqual(1);
  });
});

describe('voucher history and seed on pglite', () => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await buildTestApp({ database, clock: new ManualClock(NOW) });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes the history with switch legs: a stuck redemption opens its transaction', async () => {
    const lives = planVoucherHistory({ seed: 3, now: NOW, historyMs: DAY_MS / 4 });
    const written = await writeVoucherLives(database.db, lives);
    expect(written.vouchers).toBe(lives.length);
    expect(written.legs).toBe(lives.reduce((sum, life) => sum + life.payments.length, 0));
    const stuck = await database.db
      .selectFrom('vouchers')
      .select('reference')
      .where('state', '=', 'REDEMPTION_AUTHORISED')
      .execute();
    expect(stuck.length).toBeGreaterThanOrEqual(2);
    const detail = await app.services.vouchers.getOrder(stuck[0]?.reference ?? '');
    const authorisationId = rollableAuthorisationIdOf(detail);
    expect(authorisationId).not.toBeNull();
    const leg = await createTransactionsRepository().findTransaction(database.db, authorisationId ?? '');
    expect(leg).toMatchObject({
      reference_number: detail.order.reference,
      service_desc: 'Voucher Redemption',
    });
    const held = await database.db
      .selectFrom('vouchers')
      .select('reference')
      .where('state', '=', 'ON_HOLD')
      .execute();
    expect(held.length).toBeGreaterThanOrEqual(1);
  });

  it('seeds vouchers in bulk without legs', async () => {
    const before = await app.services.vouchers.search({ limit: 1, offset: 0 });
    const seeded = await seedVouchers(database.db, { count: 4_500, days: 90, now: NOW, seed: 9 });
    expect(seeded.vouchers).toBe(4_500);
    const after = await app.services.vouchers.search({ limit: 1, offset: 0 });
    expect(after.paging.nrRecords).toBe(before.paging.nrRecords + 4_500);
    // The unfiltered total is kept by triggers: it follows deletes too.
    const few = await database.db.selectFrom('vouchers').select('id').limit(3).execute();
    await database.db
      .deleteFrom('vouchers')
      .where(
        'id',
        'in',
        few.map((row) => row.id),
      )
      .execute();
    const fewer = await app.services.vouchers.search({ limit: 1, offset: 0 });
    expect(fewer.paging.nrRecords).toBe(after.paging.nrRecords - 3);
    const counted = await database.db
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(counted.total)).toBe(fewer.paging.nrRecords);
    const references = await database.db.selectFrom('vouchers').select('reference').execute();
    expect(new Set(references.map((row) => row.reference)).size).toBe(references.length);
    expect(references.every((row) => /^[1-9]\d{11}$/.test(row.reference))).toBe(true);
  });
});

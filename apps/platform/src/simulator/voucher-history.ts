import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/schema.ts';
import { createTransactionsRepository, type RecordedLeg } from '../modules/transactions/repository.ts';
import {
  createVouchersRepository,
  type NewPayment,
  type NewTransition,
  type NewVoucher,
} from '../modules/vouchers/repository.ts';
import { referenceOfId } from '../modules/vouchers/references.ts';
import { DAY_MS, MINUTE_MS } from '../time.ts';
import { createRandom, deriveSeed } from './random.ts';
import type { SimulatorLog, SimulatorStartTask } from './simulator.ts';
import { VOUCHER_CURRENCY_CODE } from './voucher-legs.ts';
import {
  drawPurchaseTimes,
  lastAt,
  planVoucherHistory,
  planVoucherLife,
  type VoucherLife,
} from './voucher-lives.ts';

/*
 * Planned voucher lives (voucher-lives.ts) written to the database: the simulator's first-start
 * history and `npm run seed -- --vouchers N`.
 */

/** Vouchers written per statement and transaction. */
const BATCH_VOUCHERS = 2_000;

/**
 * Writes planned lives: ids reserved, references derived, one statement per table and batch, each
 * batch its own short transaction (the embedded database serves requests in between).
 */
export async function writeVoucherLives(
  db: Db,
  lives: readonly VoucherLife[],
  shouldContinue: () => boolean = () => true,
): Promise<{ vouchers: number; legs: number }> {
  const repository = createVouchersRepository();
  const transactions = createTransactionsRepository();
  let legs = 0;
  let vouchersWritten = 0;
  for (let start = 0; start < lives.length && shouldContinue(); start += BATCH_VOUCHERS) {
    const batch = lives.slice(start, start + BATCH_VOUCHERS);
    await db.transaction().execute(async (tx) => {
      const ids = await repository.reserveIds(tx, batch.length);
      const vouchers: NewVoucher[] = [];
      const transitions: NewTransition[] = [];
      const payments: NewPayment[] = [];
      const recorded: RecordedLeg[] = [];
      batch.forEach((life, index) => {
        const id = ids[index] ?? 0;
        const reference = referenceOfId(id);
        vouchers.push({
          id,
          reference,
          customerId: life.customerId,
          state: life.state,
          currency: VOUCHER_CURRENCY_CODE,
          amountMinor: life.amountMinor,
          balanceMinor: life.balanceMinor,
          recipientId: life.recipientId,
          created: life.created,
          modified: new Date(lastAt(life)),
          lastEvent: life.event,
        });
        transitions.push(...life.transitions.map((transition) => ({ ...transition, voucherId: id })));
        payments.push(...life.payments.map((payment) => ({ ...payment, voucherId: id })));
        recorded.push(...life.legs.map((build) => build(reference)));
      });
      await repository.insertVouchers(tx, vouchers);
      await repository.insertTransitions(tx, transitions);
      await repository.insertPayments(tx, payments);
      recorded.sort((a, b) => a.timeStarted.getTime() - b.timeStarted.getTime());
      await transactions.insertLegs(tx, recorded);
      legs += recorded.length;
      vouchersWritten += batch.length;
    });
  }
  return { vouchers: vouchersWritten, legs };
}

/**
 * `npm run seed -- --vouchers N`: N vouchers bought over the last `days`, planned and written a
 * batch at a time (a million fits in memory that way), without switch legs.
 */
export async function seedVouchers(
  db: Db,
  options: { count: number; days: number; now: Date; seed: number; onProgress?: (written: number) => void },
): Promise<{ vouchers: number }> {
  const random = createRandom(deriveSeed(options.seed ^ 0x5eed5, options.now.getTime()));
  const times = drawPurchaseTimes(
    random,
    options.count,
    new Date(options.now.getTime() - options.days * DAY_MS),
    options.now,
  );
  let written = 0;
  for (let start = 0; start < times.length; start += BATCH_VOUCHERS) {
    const lives = times
      .slice(start, start + BATCH_VOUCHERS)
      .map((time) => planVoucherLife({ random, created: new Date(time), now: options.now, withLegs: false }));
    written += (await writeVoucherLives(db, lives)).vouchers;
    if (written % 100_000 === 0) options.onProgress?.(written);
  }
  // Fresh statistics for the planner, and a visibility map so search pages are index-only scans.
  await sql`vacuum analyze vouchers`.execute(db);
  await sql`vacuum analyze voucher_transitions`.execute(db);
  await sql`vacuum analyze voucher_payments`.execute(db);
  return { vouchers: written };
}

/**
 * The simulator's first-start task: when no voucher older than the start exists (a new database,
 * or one from before vouchers), writes the history so the voucher screens have content at once.
 */
export function createVoucherHistoryTask(options: {
  db: Db;
  clock: Clock;
  seed: number;
  historyMs: number;
  log: SimulatorLog;
}): SimulatorStartTask {
  return async (shouldContinue) => {
    const now = options.clock.now();
    // Live ticks may already have sold a voucher or two; only older ones mean a history exists.
    if (
      await createVouchersRepository().hasVouchersCreatedBefore(
        options.db,
        new Date(now.getTime() - MINUTE_MS),
      )
    ) {
      return;
    }
    const started = Date.now();
    const lives = planVoucherHistory({ seed: options.seed, now, historyMs: options.historyMs });
    const written = await writeVoucherLives(options.db, lives, shouldContinue);
    options.log.info({ ...written, ms: Date.now() - started }, 'Simulator: voucher history written');
  };
}

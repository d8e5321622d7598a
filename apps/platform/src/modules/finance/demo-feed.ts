import type { ServiceData } from '@web-control/contract/transactions';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '../../time.ts';
import { createAuthRepository } from '../auth/repository.ts';
import { createTransactionsRepository } from '../transactions/repository.ts';
import { contentOf } from './file-content.ts';
import type { FinanceJobs, JobsLog } from './jobs.ts';
import type { FinanceService } from './service.ts';
import type { SettlementsService } from './settlements-service.ts';

export const DEMO_FEED_JOB = 'demo-feed';
/** Switch transactions a demo day's files carry (a third to each process). */
export const FEED_ROWS_PER_DAY = 60;
/** The demo user whose uploads wait for approval at the first start. */
export const DEMO_OPERATOR = 'finance-operator';
const FEED_RETRY_MS = 15 * SECOND_MS;
const FEED_RETRIES = 40;

/** One transaction of the simulated switch, as the feeds report it. */
export interface SwitchRow {
  reference: string;
  amount: number;
  currency: string;
  at: Date;
  merchant: string;
}

export interface DemoFile {
  processId: number;
  fileName: string;
  content: string;
}

function compactDay(day: Date): string {
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}

function csv(header: string, rows: string[]): string {
  return `${[header, ...rows].join('\n')}\n`;
}

function amountOf(data: ServiceData | null): { amount: number; currency: string } {
  const entry = data?.base.find((item) => item.name === 'Amount');
  return {
    amount: typeof entry?.value === 'number' ? entry.value : 0,
    currency: entry?.meta?.currency ?? 'ZAR',
  };
}

/**
 * The files of one day: the switch's own file for each process, and the other parties' files
 * derived from it with the faults real feeds have. Card acquiring: the acquirer misses a row and
 * disagrees on an amount, the network reports the day's last row a day late (in the next day's
 * file). EFT: on every other day the clearing house's file carries malformed lines.
 */
export function demoDayFiles(
  day: Date,
  rows: SwitchRow[],
  lateFromDayBefore: SwitchRow | undefined,
): DemoFile[] {
  const stamp = compactDay(day);
  const card = rows.filter((_, index) => index % 3 === 0);
  const eft = rows.filter((_, index) => index % 3 === 1);
  const wallet = rows.filter((_, index) => index % 3 === 2);
  const cardLine = (row: SwitchRow, amount = row.amount) =>
    `${row.reference},${amount},${row.currency},${row.at.toISOString()},${row.merchant}`;
  // The day's last card row reaches the network's file only the next day.
  const network = [...(lateFromDayBefore === undefined ? [] : [lateFromDayBefore]), ...card.slice(0, -1)];
  const eftDate = (row: SwitchRow) => row.at.toISOString().slice(0, 10);
  const malformed = Math.floor(day.getTime() / DAY_MS) % 2 === 0;
  return [
    {
      processId: 1,
      fileName: `card-switch-${stamp}.csv`,
      content: csv(
        'rrn,amount,currency,transaction_date,merchant',
        card.map((row) => cardLine(row)),
      ),
    },
    {
      processId: 1,
      fileName: `card-acquirer-${stamp}.csv`,
      content: csv(
        'rrn,amount,currency,transaction_date,merchant',
        card.flatMap((row, index) =>
          index === 1 ? [] : [cardLine(row, index === 2 ? row.amount + 100 : row.amount)],
        ),
      ),
    },
    {
      processId: 1,
      fileName: `card-network-${stamp}.csv`,
      content: csv(
        'retrieval_reference,amount_minor,currency_code,timestamp,merchant_name',
        network.map((row) => cardLine(row)),
      ),
    },
    {
      processId: 2,
      fileName: `eft-switch-${stamp}.csv`,
      content: csv(
        'reference,amount,value_date',
        eft.map((row) => `${row.reference},${row.amount},${eftDate(row)}`),
      ),
    },
    {
      processId: 2,
      fileName: `eft-clearing-${stamp}.csv`,
      content: csv('ref,amount_cents,date', [
        ...eft.map((row) => `${row.reference},${row.amount},${eftDate(row)}`),
        ...(malformed ? [`EFT-${stamp}-X,twelve rand,${stamp}`, `"unterminated,${stamp}`] : []),
      ]),
    },
    {
      processId: 3,
      fileName: `wallet-ledger-${stamp}.csv`,
      content: csv(
        'entry_id,amount,posted_at',
        wallet.map((row) => `${row.reference},${row.amount},${row.at.toISOString()}`),
      ),
    },
  ];
}

/**
 * The simulated parties' feeds: each run delivers yesterday's files (the first run, on an empty
 * inbox, the last `historyDays` days and two uploads by the demo finance operator that wait for
 * approval). Switch rows come from the transactions module; a day older than the switch's stored
 * traffic replays its earliest transactions under that day's date and references.
 */
export function createDemoFeed(deps: {
  db: Db;
  clock: Clock;
  service: FinanceService;
  historyDays: number;
  /** The demo's settlement history: past days' runs, closed. */
  settlements?: Pick<SettlementsService, 'seedHistory' | 'keepRuns'>;
}) {
  const { db, service } = deps;
  const transactions = createTransactionsRepository();
  const auth = createAuthRepository();

  async function switchRows(day: Date, now: Date): Promise<SwitchRow[]> {
    const own = await transactions.listFirstLegsBetween(db, {
      from: day,
      before: new Date(day.getTime() + DAY_MS),
      limit: FEED_ROWS_PER_DAY,
    });
    const replayed = own.length > 0;
    const rows = replayed
      ? own
      : await transactions.listFirstLegsBetween(db, {
          from: new Date(0),
          before: now,
          limit: FEED_ROWS_PER_DAY,
        });
    return rows.map((row) => ({
      reference: replayed ? row.reference_number : `${compactDay(day)}-${row.reference_number}`,
      ...amountOf(row.service_data),
      at: replayed ? row.time_started : new Date(day.getTime() + (row.time_started.getTime() % DAY_MS)),
      merchant: row.originator_id.replaceAll(',', ' '),
    }));
  }

  async function deliverDay(day: Date, now: Date): Promise<void> {
    const rows = await switchRows(day, now);
    const before = await switchRows(new Date(day.getTime() - DAY_MS), now);
    const lateFromDayBefore = before.filter((_, index) => index % 3 === 0).at(-1);
    // A day's files arrive in the next morning's run.
    const arrivedAt = new Date(Math.min(now.getTime(), day.getTime() + DAY_MS + 30 * MINUTE_MS));
    for (const file of demoDayFiles(day, rows, lateFromDayBefore)) {
      await service.loadFeedFile({ ...file, content: Buffer.from(file.content, 'utf8'), arrivedAt });
    }
  }

  async function requestLateUploads(day: Date, now: Date): Promise<void> {
    const user = await auth.findUserByUsername(db, DEMO_OPERATOR);
    if (user === undefined) return;
    const actor = { userId: user.user_id, username: user.username, clientAddress: null };
    const files = demoDayFiles(day, await switchRows(day, now), undefined).filter((file) =>
      /^(card-acquirer|eft-clearing)-/.test(file.fileName),
    );
    for (const file of files) {
      await service.upload(actor, {
        fileName: file.fileName,
        comment: 'Late file from the bank, resent by e-mail',
        processIds: [file.processId],
        content: contentOf(Buffer.from(file.content, 'utf8')),
      });
    }
  }

  return {
    async run(now: Date): Promise<void> {
      if (!(await transactions.hasTransactions(db))) {
        throw new Error('The switch has no transactions yet');
      }
      const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
      const firstRun = !(await service.hasAnyFile());
      const days = firstRun ? Math.max(1, deps.historyDays) : 1;
      for (let back = days; back >= 1; back -= 1) {
        await deliverDay(new Date(today.getTime() - back * DAY_MS), now);
      }
      if (firstRun) {
        await requestLateUploads(new Date(today.getTime() - (days + 1) * DAY_MS), now);
        // Closed runs for the history's days, then today's open run with what is left.
        await deps.settlements?.seedHistory(now, days);
        await deps.settlements?.keepRuns(now);
      }
    },
  };
}

/**
 * Schedules the feed and, in the background, runs it once now: the first start's history, or a
 * day missed while the platform was down. A failed run is tried again a few times.
 */
export function startDemoFeed(jobs: FinanceJobs, log: JobsLog) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let attempt = 0;
  const tryRun = (): void => {
    attempt += 1;
    void jobs.run(DEMO_FEED_JOB).then((outcome) => {
      if (outcome === 'ERROR' && !stopped && attempt < FEED_RETRIES) {
        timer = setTimeout(tryRun, FEED_RETRY_MS);
        timer.unref();
      } else if (outcome !== 'ERROR') {
        log.info({ job: DEMO_FEED_JOB, outcome }, 'Finance demo feed delivered');
      }
    });
  };
  tryRun();
  return {
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

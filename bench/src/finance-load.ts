import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { LOAD_ROWS_COPY, loadRowLine } from '@web-control/platform/finance/load-repository';
import type { StartedPlatform } from '@web-control/platform/start';

// The bench reads tables of the platform it started; their types stay the platform's.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** How often the bench looks whether a file in FILTER has its outcome. */
const OUTCOME_POLL_MS = 25;
/** How often the platform's resident memory is sampled during a load. */
const RSS_SAMPLE_MS = 20;

/** Waits until an approved file has left FILTER (its load runs in the background); gives its status. */
export async function waitForOutcome(db: AnyDb, fileId: number): Promise<string> {
  for (;;) {
    const row = await sql<{
      status: string;
    }>`select status from recon_files where file_id = ${fileId}`.execute(db);
    const status = row.rows[0]?.status;
    if (status !== 'FILTER') return status ?? 'GONE';
    await sleep(OUTCOME_POLL_MS);
  }
}

/**
 * The database's own COPY of the same file into a staging table of the load's own shape (a copy of
 * recon_load_rows with its indexes), the rows exactly as the load stages them (the platform's
 * loadRowLine: line, match key, fields as JSON), through the platform's COPY (pg-copy-streams' COPY
 * FROM STDIN on PostgreSQL, /dev/blob on PGlite): the floor a load is measured against. The lines are
 * made before the clock starts; the clearing file's columns map to the EFT fields as the seed's party
 * does (ref: reference, the key; amount_cents: amount; date: valueDate). Milliseconds.
 */
export async function copyBaseline(platform: StartedPlatform, content: Buffer): Promise<number> {
  const { database } = platform.app.services;
  const db = database.db as unknown as AnyDb;
  await sql`drop table if exists bench_copy_staging`.execute(db);
  await sql`create unlogged table bench_copy_staging (like recon_load_rows including all)`.execute(db);
  try {
    const lines = content
      .toString('utf8')
      .split('\n')
      .slice(1)
      .filter((line) => line !== '')
      .map((line, index) => {
        const [reference = '', amount = '', valueDate = ''] = line.split(',');
        const record = { matchKey: JSON.stringify([reference]), fields: { reference, amount, valueDate } };
        return loadRowLine(0, 1, { line: index + 2, record });
      })
      .join('');
    const started = performance.now();
    await database.copyIn({ ...LOAD_ROWS_COPY, table: 'bench_copy_staging' }, lines);
    return performance.now() - started;
  } finally {
    await sql`drop table bench_copy_staging`.execute(db);
  }
}

/** Samples this process's resident set (the platform runs in it) until stopped: before and peak. */
export function sampleRss(): { stop: () => { before: number; peak: number } } {
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, RSS_SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return { before, peak: Math.max(peak, process.memoryUsage.rss()) };
    },
  };
}

/** A switch file of `records` rows of the given references' prefix: what a large day looks like. */
export function switchFile(prefix: string, records: number, day: Date): Buffer {
  const date = day.toISOString().slice(0, 10);
  const parts: string[] = ['reference,amount,value_date\n'];
  for (let index = 0; index < records; index += 1) {
    parts.push(`${prefix}${index.toString().padStart(7, '0')},${((index * 7919) % 99_900) + 100},${date}\n`);
  }
  return Buffer.from(parts.join(''), 'utf8');
}

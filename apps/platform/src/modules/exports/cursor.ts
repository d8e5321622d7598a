import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/schema.ts';

/** Rows fetched from the cursor at a time: memory stays flat whatever the export's size. */
export const EXPORT_BATCH = 1000;

/**
 * Every row of a query, batch by batch, through a server-side cursor in one read-only snapshot;
 * the next batch is fetched once the client has taken the last (write resolves). The transaction
 * stays open while the client reads (on PGlite it holds the only connection), so this is for
 * short lists or raw SQL only (users, roles, a process's settlement runs, the outbox); a list that
 * grows without bound (transactions, vouchers, files, actions, audits) reads in keyset pages
 * (`db/keyset-pages.ts`).
 */
export async function streamQuery<R>(
  db: Db,
  query: Expression<R>,
  write: (rows: R[]) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`declare list_export no scroll cursor for ${query}`.execute(tx);
    for (;;) {
      const batch = await sql<R>`fetch ${sql.raw(String(EXPORT_BATCH))} from list_export`.execute(tx);
      if (batch.rows.length === 0) break;
      await write(batch.rows);
    }
    await sql`close list_export`.execute(tx);
  });
}

/** A date column as the exports write it: ISO 8601 UTC, empty when there is none. */
export function isoOf(value: Date | string | null | undefined): string {
  return value === null || value === undefined ? '' : new Date(value).toISOString();
}

import { sql, type SelectQueryBuilder } from 'kysely';

/** Rows read at a time: memory stays flat whatever the number of rows. */
export const KEYSET_PAGE_ROWS = 1000;

/** The order that pages a query: columns that together name one row, all in one direction. */
export interface KeysetOrder {
  columns: readonly [string, ...string[]];
  direction: 'asc' | 'desc';
}

/**
 * Every row of a query (its own order, if any, gives way to the keyset's), in the order's pages of KEYSET_PAGE_ROWS, each page one short query that
 * starts after the last row of the one before; the next page is read once `write` resolves (the
 * client has taken the last). No transaction or cursor stays open while a client reads, so a slow
 * download holds neither PGlite's single connection nor a snapshot. The key travels as text, so a
 * timestamp keeps its microseconds and no row is skipped or repeated between pages.
 */
export async function streamInKeysetPages<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  write: (rows: O[]) => Promise<void>,
  pageRows = KEYSET_PAGE_ROWS,
): Promise<void> {
  const columns = sql.join(order.columns.map((column) => sql.ref(column)));
  const keys = sql.join(order.columns.map((column) => sql`${sql.ref(column)}::text`));
  const direction = sql.raw(order.direction);
  const comparison = sql.raw(order.direction === 'desc' ? '<' : '>');
  let after: string[] | undefined;
  for (;;) {
    let page = query.clearOrderBy().select(sql<string[]>`array[${keys}]`.as('keyset_key'));
    if (after !== undefined) {
      page = page.where(sql<boolean>`(${columns}) ${comparison} (${sql.join(after)})`);
    }
    for (const column of order.columns) page = page.orderBy(sql`${sql.ref(column)} ${direction}`);
    // Kysely cannot resolve a selection on a generic table set: the row is the query's plus the key.
    const rows = (await page.limit(pageRows).execute()) as unknown as Array<O & { keyset_key: string[] }>;
    if (rows.length > 0) await write(rows);
    const last = rows.at(-1);
    if (rows.length < pageRows || last === undefined) return;
    after = last.keyset_key;
  }
}

import { sql, type Kysely } from 'kysely';

/**
 * What support is given to find a card transaction: its STAN (with a date) and its masked card
 * number (first 6 and last 4 digits, the only card digits stored). Legs recorded before have
 * neither and are found by reference (RRN) only; retention removes them within days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transactions add column stan text, add column card_key text`.execute(db);
  // In list order, as every filter's index: a page is an index range scan.
  await sql`create index transactions_stan_time_idx
    on transactions (stan, time_started desc, seq desc) where stan is not null`.execute(db);
  await sql`create index transactions_card_time_idx
    on transactions (card_key, time_started desc, seq desc) where card_key is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table transactions drop column stan, drop column card_key`.execute(db);
}

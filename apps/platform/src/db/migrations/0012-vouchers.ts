import { sql, type Kysely } from 'kysely';

/**
 * Money-transfer vouchers: the orders (current state and balance), every state transition of
 * each, and where money moved (the purchase at a branch, each redemption at a merchant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A sequence rather than an identity: seeding reserves ids first and derives references from them.
  await sql`create sequence vouchers_id_seq as bigint`.execute(db);
  await sql`create table vouchers (
    id bigint primary key default nextval('vouchers_id_seq'),
    reference text not null unique,
    customer_id text not null,
    state text not null check (state in
      ('CREATED', 'REDEEMABLE', 'REDEMPTION_AUTHORISED', 'REDEEMED', 'REFUNDED', 'ON_HOLD')),
    currency text not null,
    amount_minor bigint not null check (amount_minor > 0),
    balance_minor bigint not null check (balance_minor >= 0 and balance_minor <= amount_minor),
    recipient_id text,
    datetime_created timestamptz not null,
    datetime_modified timestamptz not null,
    last_event integer not null default 0
  )`.execute(db);
  await sql`alter sequence vouchers_id_seq owned by vouchers.id`.execute(db);
  // The search pages newest first by last change, or by creation when only creation bounds are given.
  await sql`create index vouchers_modified_idx on vouchers (datetime_modified desc, id desc)`.execute(db);
  await sql`create index vouchers_created_idx on vouchers (datetime_created desc, id desc)`.execute(db);
  // The simulator's work list (payments to confirm, redemption candidates, expiry): open vouchers only.
  await sql`create index vouchers_open_idx on vouchers (state, datetime_created)
    where state in ('CREATED', 'REDEEMABLE')`.execute(db);

  await sql`create table voucher_transitions (
    id bigint generated always as identity primary key,
    voucher_id bigint not null references vouchers on delete cascade,
    event integer not null,
    state text not null,
    action text not null,
    action_description text not null,
    datetime_updated timestamptz not null,
    event_amount_minor bigint,
    remaining_minor bigint not null,
    authorisation_id text,
    username text,
    support_id text
  )`.execute(db);
  await sql`create index voucher_transitions_voucher_idx on voucher_transitions (voucher_id, id)`.execute(db);

  await sql`create table voucher_payments (
    voucher_id bigint not null references vouchers on delete cascade,
    event integer not null,
    kind text not null check (kind in ('PURCHASE', 'REDEMPTION')),
    amount_minor bigint not null,
    datetime_created timestamptz not null,
    merchant_id text not null,
    terminal_id text not null,
    merchant_name text not null,
    city text not null,
    region text not null,
    recipient_id text,
    authorisation_id text,
    primary key (voucher_id, event)
  )`.execute(db);
  await sql`create unique index voucher_payments_authorisation_idx
    on voucher_payments (voucher_id, authorisation_id) where authorisation_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voucher_payments').ifExists().execute();
  await db.schema.dropTable('voucher_transitions').ifExists().execute();
  await db.schema.dropTable('vouchers').ifExists().execute();
}

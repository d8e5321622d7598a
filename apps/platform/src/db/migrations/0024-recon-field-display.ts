import { sql, type Kysely } from 'kysely';

/**
 * What the results grid needs to speak the operator's language (specification 2, section 9): each
 * field's display name for its header, and whether an INTEGRAL field is money in minor units, with
 * the field that holds each record's currency (none: the default currency).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_fields add column display_name text`.execute(db);
  await sql`update recon_fields set display_name = name`.execute(db);
  await sql`alter table recon_fields alter column display_name set not null`.execute(db);
  await sql`alter table recon_fields add column is_money boolean not null default false`.execute(db);
  await sql`alter table recon_fields add column currency_field text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recon_fields drop column currency_field`.execute(db);
  await sql`alter table recon_fields drop column is_money`.execute(db);
  await sql`alter table recon_fields drop column display_name`.execute(db);
}

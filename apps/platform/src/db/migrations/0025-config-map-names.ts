import { sql, type Kysely } from 'kysely';

/**
 * A map's name apart from its id (specification 1, sections 5 and 9: the create-map form asks for
 * both). Maps made before keep their id as their name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table config_maps add column name text`.execute(db);
  await sql`update config_maps set name = map_id`.execute(db);
  await sql`alter table config_maps alter column name set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table config_maps drop column name`.execute(db);
}

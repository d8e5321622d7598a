import { sql, type Kysely } from 'kysely';

/**
 * Four-eyes by author: an approval request stores the ids of everyone whose changes it holds
 * (a finance request: its requester), and a configuration map records who changed each of its
 * versions, the submitter included, so a review can refuse every author, not only the submitter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table approval_requests add column author_ids jsonb not null default '[]'`.execute(db);
  await sql`update approval_requests set author_ids = jsonb_build_array(requested_by_id::text)
    where requested_by_id is not null`.execute(db);
  await sql`create table config_map_authors (
    map_id text not null references config_maps on delete cascade,
    seq integer not null,
    user_id uuid not null,
    username text not null,
    primary key (map_id, seq, user_id)
  )`.execute(db);
  // Changes made before authors were recorded: their submitter is all that is known.
  await sql`insert into config_map_authors (map_id, seq, user_id, username)
    select v.map_id, v.seq, u.user_id, u.username
    from config_map_versions v join users u on u.username = v.submitted_by`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table config_map_authors`.execute(db);
  await sql`alter table approval_requests drop column author_ids`.execute(db);
}

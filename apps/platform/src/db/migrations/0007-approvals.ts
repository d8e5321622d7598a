import { sql, type Kysely } from 'kysely';

/** Four-eyes approval requests: a maker asks, someone else approves or rejects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('approval_requests')
    .addColumn('request_id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('PENDING', 'APPROVED', 'REJECTED')`),
    )
    // No foreign key to users: a request stays readable after its maker or reviewer is deleted.
    .addColumn('requested_by_id', 'uuid')
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .addColumn('request_comment', 'text')
    .addColumn('reviewed_by_id', 'uuid')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('review_comment', 'text')
    .execute();
  // The review queues: pending requests of one kind (and scope), oldest first.
  await sql`create index approval_requests_pending_idx
    on approval_requests (kind, scope, requested_at, request_id) where status = 'PENDING'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('approval_requests').ifExists().execute();
}

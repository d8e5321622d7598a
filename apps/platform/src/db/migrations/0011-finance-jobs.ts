import { sql, type Kysely } from 'kysely';

/** Finance jobs: one row per named job (its claim and last runtimes) and the log of its runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table finance_jobs (
    name text primary key,
    schedule text not null,
    last_runtime timestamptz,
    last_successful_runtime timestamptz,
    running_since timestamptz
  )`.execute(db);
  await sql`create table finance_job_runs (
    run_id bigint generated always as identity primary key,
    name text not null references finance_jobs on delete cascade,
    started_at timestamptz not null,
    finished_at timestamptz,
    status text not null check (status in ('RUNNING', 'SUCCESS', 'ERROR')),
    message text
  )`.execute(db);
  await sql`create index finance_job_runs_name_idx on finance_job_runs (name, started_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('finance_job_runs').ifExists().execute();
  await db.schema.dropTable('finance_jobs').ifExists().execute();
}

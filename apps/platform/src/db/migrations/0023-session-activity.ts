import { sql, type Kysely } from 'kysely';

/**
 * The idle timeout (PCI DSS 8.2.8): a refresh token remembers when its session last made an
 * authenticated request, so a refresh after SESSION_IDLE_MINUTES without one is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_tokens add column last_active_at timestamptz`.execute(db);
  await sql`update refresh_tokens set last_active_at = issued_at`.execute(db);
  await sql`alter table refresh_tokens alter column last_active_at set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_tokens drop column last_active_at`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * A file's records and a transaction's grid values are removed with their parent by a statement
 * trigger instead of a foreign key. A foreign key checks every inserted row on its own (an index
 * lookup and a row lock on the parent): a third of the time of writing a load's records, a quarter
 * of writing its values (decision 0050). Those rows are only ever written from their parent in the
 * same transaction, so the check guarded nothing; the removal stays automatic and set-based.
 */
const CASCADES = [
  {
    parent: 'recon_files',
    key: 'file_id',
    child: 'recon_records',
    constraint: 'recon_records_file_id_fkey',
    trigger: 'recon_files_records_cascade',
  },
  {
    parent: 'recon_transactions',
    key: 'transaction_id',
    child: 'recon_transaction_values',
    constraint: 'recon_transaction_values_transaction_id_fkey',
    trigger: 'recon_transactions_values_cascade',
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { parent, key, child, constraint, trigger } of CASCADES) {
    await sql`alter table ${sql.table(child)} drop constraint ${sql.raw(constraint)}`.execute(db);
    // An array of the removed keys: one index lookup each, whatever plan the first call cached.
    await sql`create function ${sql.raw(trigger)}() returns trigger language plpgsql as $$
      begin
        delete from ${sql.table(child)} where ${sql.ref(key)} = any(array(select ${sql.ref(key)} from removed));
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.raw(trigger)} after delete on ${sql.table(parent)}
      referencing old table as removed
      for each statement execute function ${sql.raw(trigger)}()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { parent, key, child, constraint, trigger } of CASCADES) {
    await sql`drop trigger ${sql.raw(trigger)} on ${sql.table(parent)}`.execute(db);
    await sql`drop function ${sql.raw(trigger)}()`.execute(db);
    await sql`alter table ${sql.table(child)} add constraint ${sql.raw(constraint)}
      foreign key (${sql.ref(key)}) references ${sql.table(parent)} on delete cascade`.execute(db);
  }
}

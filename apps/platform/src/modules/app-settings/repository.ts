import type { DbExecutor } from '../../db/schema.ts';

export function createAppSettingsRepository() {
  return {
    async get(executor: DbExecutor, key: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /** Inserts unless present; returns the stored value, so racing processes agree on the first one. */
    async getOrInsert(executor: DbExecutor, key: string, value: string): Promise<string> {
      await executor
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const row = await executor
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      return row.value;
    },

    async put(executor: DbExecutor, key: string, value: string): Promise<void> {
      await executor
        .insertInto('app_settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
    },
  };
}

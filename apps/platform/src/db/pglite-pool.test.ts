import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUnseededTestDatabase } from '../testing/test-database.ts';

describe('PGlite pool adapter', () => {
  it('keeps concurrent transactions apart and reports affected rows', async () => {
    const { db, close } = await createUnseededTestDatabase();
    try {
      const order: string[] = [];
      const failing = db.transaction().execute(async (tx) => {
        order.push('a:start');
        await tx.insertInto('app_settings').values({ key: 'a', value: '1' }).execute();
        await sql`select pg_sleep(0.05)`.execute(tx);
        order.push('a:end');
        throw new Error('roll back a');
      });
      const succeeding = db.transaction().execute(async (tx) => {
        order.push('b:start');
        await tx.insertInto('app_settings').values({ key: 'b', value: '2' }).execute();
        order.push('b:end');
      });
      await expect(failing).rejects.toThrow('roll back a');
      await succeeding;
      // b waited for a's connection; a's rollback did not take b's row with it.
      expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
      expect(await db.selectFrom('app_settings').select('key').execute()).toEqual([{ key: 'b' }]);

      const update = await db.updateTable('app_settings').set({ value: '3' }).executeTakeFirst();
      expect(update.numUpdatedRows).toBe(1n);
      const none = await db.deleteFrom('app_settings').where('key', '=', 'zzz').executeTakeFirst();
      expect(none.numDeletedRows).toBe(0n);
    } finally {
      await close();
    }
  });

  it('lets the event loop read other work between transactions of a long loop', async () => {
    const { db, close } = await createUnseededTestDatabase();
    try {
      let transactionsBefore: number | undefined;
      let done = 0;
      // A macrotask, as an incoming request is: it must not wait for the whole loop.
      setImmediate(() => {
        transactionsBefore = done;
      });
      for (let index = 0; index < 50; index += 1) {
        await db.transaction().execute((tx) => sql`select 1`.execute(tx));
        done += 1;
      }
      expect(transactionsBefore).toBeLessThan(5);
    } finally {
      await close();
    }
  });
});

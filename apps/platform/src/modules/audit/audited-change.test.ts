import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { DbExecutor } from '../../db/schema.ts';
import { conflict, isUniqueViolation } from '../../errors.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { createAuditedChange, type Actor } from './audited-change.ts';
import { createAuditService, type AuditService } from './service.ts';

const ACTOR: Actor = { userId: null, username: 'auditor', clientAddress: '198.51.100.7' };

describe.each(TEST_DATABASE_KINDS)('createAuditedChange on %s', (kind) => {
  let database: DatabaseHandle;
  let audit: AuditService;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    audit = createAuditService(new ManualClock(new Date('2026-03-02T08:00:00Z')));
  });
  afterAll(async () => {
    await database.close();
  });

  /** A change to observe: one row in a scratch key-value table, committed or not. */
  function uniqueKey(): string {
    sequence += 1;
    return `audited-change-test-${sequence}`;
  }
  const insertKey = (tx: DbExecutor, key: string) =>
    tx.insertInto('app_settings').values({ key, value: 'written' }).execute();
  const keyExists = async (key: string) =>
    (await database.db.selectFrom('app_settings').select('key').where('key', '=', key).executeTakeFirst()) !==
    undefined;
  const auditRowsOf = (action: string) => audit.listRecent(database.db, { action });

  it('commits the work and its success row together, with the target and the described result', async () => {
    const key = uniqueKey();
    const run = createAuditedChange({ db: database.db, audit });
    const result = await run(
      ACTOR,
      { action: 'TEST_SUCCESS', target: { key }, describe: (value: number) => ({ value }) },
      async (tx) => {
        await insertKey(tx, key);
        return 42;
      },
    );
    expect(result).toBe(42);
    expect(await keyExists(key)).toBe(true);
    expect(await auditRowsOf('TEST_SUCCESS')).toEqual([
      expect.objectContaining({
        actor: 'auditor',
        clientAddress: '198.51.100.7',
        outcome: 'success',
        detail: { key, value: 42 },
      }),
    ]);
  });

  it('writes the success row inside the transaction: if it cannot be written, the work is undone', async () => {
    const key = uniqueKey();
    const failingAudit: AuditService = {
      ...audit,
      record: async (executor, event) => {
        if (event.outcome === 'success') {
          throw new Error('audit table unavailable');
        }
        await audit.record(executor, event);
      },
    };
    const run = createAuditedChange({ db: database.db, audit: failingAudit });
    await expect(
      run(ACTOR, { action: 'TEST_AUDIT_FAILS', target: { key } }, (tx) => insertKey(tx, key)),
    ).rejects.toThrow('audit table unavailable');
    expect(await keyExists(key)).toBe(false);
    expect(await auditRowsOf('TEST_AUDIT_FAILS')).toEqual([
      expect.objectContaining({ outcome: 'failure', detail: { key } }),
    ]);
  });

  it('rolls a refusal back and audits it as refused with its status and reason', async () => {
    const key = uniqueKey();
    const refusal = conflict('This key is spoken for');
    const run = createAuditedChange({ db: database.db, audit });
    await expect(
      run(ACTOR, { action: 'TEST_REFUSED', target: { key } }, async (tx) => {
        await insertKey(tx, key);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await keyExists(key)).toBe(false);
    expect(await auditRowsOf('TEST_REFUSED')).toEqual([
      expect.objectContaining({
        actor: 'auditor',
        outcome: 'refused',
        detail: { key, status: 409, reason: 'This key is spoken for' },
      }),
    ]);
  });

  it('turns a database error into the refusal refusalOf names', async () => {
    const key = uniqueKey();
    await insertKey(database.db, key);
    const run = createAuditedChange({ db: database.db, audit });
    const taken = run(
      ACTOR,
      {
        action: 'TEST_DUPLICATE',
        target: { key },
        refusalOf: (error) => (isUniqueViolation(error) ? conflict('Taken') : undefined),
      },
      (tx) => insertKey(tx, key),
    );
    await expect(taken).rejects.toMatchObject({ statusCode: 409, message: 'Taken' });
    expect(await auditRowsOf('TEST_DUPLICATE')).toEqual([
      expect.objectContaining({ outcome: 'refused', detail: { key, status: 409, reason: 'Taken' } }),
    ]);
  });

  it('audits an unexpected error as a failure, rolls the work back and passes the error on', async () => {
    const key = uniqueKey();
    const boom = new Error('disk on fire');
    const run = createAuditedChange({ db: database.db, audit });
    await expect(
      run(ACTOR, { action: 'TEST_FAILURE', target: { key } }, async (tx) => {
        await insertKey(tx, key);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await keyExists(key)).toBe(false);
    expect(await auditRowsOf('TEST_FAILURE')).toEqual([
      expect.objectContaining({ actor: 'auditor', outcome: 'failure', detail: { key } }),
    ]);
  });

  it('runs the lock first, inside the same transaction as the work', async () => {
    const key = uniqueKey();
    const steps: string[] = [];
    let lockExecutor: unknown;
    let workExecutor: unknown;
    const run = createAuditedChange({ db: database.db, audit });
    await run(
      ACTOR,
      {
        action: 'TEST_LOCK',
        target: { key },
        lock: async (tx) => {
          steps.push('lock');
          lockExecutor = tx;
          await Promise.resolve();
        },
      },
      async (tx) => {
        steps.push('work');
        workExecutor = tx;
        await insertKey(tx, key);
      },
    );
    expect(steps).toEqual(['lock', 'work']);
    expect(lockExecutor).toBe(workExecutor);
    expect(lockExecutor).not.toBe(database.db);
  });
});

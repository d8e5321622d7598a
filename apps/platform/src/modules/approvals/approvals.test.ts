import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { AppError, conflict } from '../../errors.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { SYSTEM_ACTOR, type Actor } from '../audit/audited-change.ts';
import { createAuditService } from '../audit/service.ts';
import {
  APPROVAL_AUDIT_ACTIONS,
  APPROVAL_COMMENT_MAX_LENGTH,
  APPROVAL_MESSAGES,
  createApprovalsEngine,
  type ApprovalKind,
  type ApprovalsEngine,
} from './service.ts';

const payloadSchema = z.object({
  note: z.string(),
  /** The handler refuses (a 4xx) after writing its effect. */
  refuse: z.boolean().optional(),
  /** The handler fails (not a refusal) after writing its effect. */
  crash: z.boolean().optional(),
  /** The handler takes this long, so concurrent reviews overlap. */
  delayMs: z.number().optional(),
});
type Payload = z.infer<typeof payloadSchema>;

function actor(username: string): Actor {
  return { userId: randomUUID(), username, clientAddress: '203.0.113.7' };
}

/** The status code of a rejected promise's AppError. */
async function statusOf(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) {
    throw new Error(`expected an AppError, got ${String(error)}`);
  }
  return { statusCode: error.statusCode, message: error.message };
}

describe.each(TEST_DATABASE_KINDS)('approvals engine on %s', (kind) => {
  let database: DatabaseHandle;
  let clock: ManualClock;
  let engine: ApprovalsEngine;
  let changes: ApprovalKind<Payload>;
  let other: ApprovalKind<{ mapId: string }>;
  let applyCalls = 0;
  const maker = actor('maker');
  const checker = actor('checker');
  const secondChecker = actor('second-checker');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    clock = new ManualClock(new Date('2026-03-02T08:00:00Z'));
    engine = createApprovalsEngine({ db: database.db, clock, audit: createAuditService(clock) });
    // Stands in for the table a real kind would change.
    await sql`create table approval_test_effects (request_id uuid not null, note text not null)`.execute(
      database.db,
    );
    changes = engine.registerKind('test.change', {
      payloadSchema,
      apply: async (tx, request, reviewer) => {
        applyCalls += 1;
        await sql`insert into approval_test_effects (request_id, note)
          values (${request.id}, ${`${request.payload.note} by ${reviewer.username}`})`.execute(tx);
        if (request.payload.delayMs !== undefined) {
          await sleep(request.payload.delayMs);
        }
        if (request.payload.refuse === true) {
          throw conflict('The change no longer fits.');
        }
        if (request.payload.crash === true) {
          throw new Error('disk full');
        }
      },
    });
    other = engine.registerKind('test.other', {
      payloadSchema: z.object({ mapId: z.string() }),
      apply: async () => {},
    });
  });
  afterAll(async () => {
    await database.close();
  });

  async function effects(requestId: string): Promise<string[]> {
    const result = await sql<{ note: string }>`select note from approval_test_effects
      where request_id = ${requestId}`.execute(database.db);
    return result.rows.map((row) => row.note);
  }

  async function auditRows(requestId: string) {
    const rows = await database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'actor', 'detail', 'client_address'])
      .where(sql<string>`detail->>'requestId'`, '=', requestId)
      .orderBy('id')
      .execute();
    return rows;
  }

  async function submit(payload: Payload, scope = 'process-1') {
    return changes.submit(maker, { scope, payload, comment: '  Please change it  ' });
  }

  it('stores a pending request with its maker and audits it', async () => {
    const request = await submit({ note: 'first' });
    expect(request).toEqual({
      id: expect.any(String) as unknown,
      kind: 'test.change',
      scope: 'process-1',
      payload: { note: 'first' },
      status: 'PENDING',
      requestedById: maker.userId,
      requestedBy: 'maker',
      requestedAt: clock.now(),
      authorIds: [maker.userId],
      comment: 'Please change it',
      review: null,
    });
    expect(await changes.get(request.id)).toEqual(request);
    expect(await auditRows(request.id)).toEqual([
      {
        action: APPROVAL_AUDIT_ACTIONS.requested,
        outcome: 'success',
        actor: 'maker',
        client_address: '203.0.113.7',
        detail: { kind: 'test.change', scope: 'process-1', requestId: request.id },
      },
    ]);
  });

  it('refuses a request without a scope or with an invalid payload, and stores nothing', async () => {
    const before = await changes.listPending({ limit: 100, offset: 0 });
    expect(await statusOf(changes.submit(maker, { scope: '  ', payload: { note: 'x' } }))).toEqual({
      statusCode: 400,
      message: APPROVAL_MESSAGES.scopeRequired,
    });
    const invalid = { note: 42 } as unknown as Payload;
    expect(await statusOf(changes.submit(maker, { scope: 'process-1', payload: invalid }))).toEqual({
      statusCode: 400,
      message: APPROVAL_MESSAGES.invalidPayload,
    });
    expect((await changes.listPending({ limit: 100, offset: 0 })).total).toBe(before.total);
  });

  it('refuses the maker reviewing their own request (403), leaves it pending and audits the refusal', async () => {
    const request = await submit({ note: 'own' });
    for (const review of [changes.approve, changes.reject]) {
      expect(await statusOf(review(maker, request.id, 'Looks right to me'))).toEqual({
        statusCode: 403,
        message: APPROVAL_MESSAGES.ownChanges,
      });
    }
    expect(await statusOf(changes.approve(SYSTEM_ACTOR, request.id, 'Automatic'))).toEqual({
      statusCode: 403,
      message: APPROVAL_MESSAGES.signedInReviewer,
    });
    expect((await changes.get(request.id)).status).toBe('PENDING');
    expect(await effects(request.id)).toEqual([]);
    const refusals = await database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'detail'])
      .where(sql<string>`detail->>'requestId'`, '=', request.id)
      .where('outcome', '=', 'refused')
      .where('actor', '=', 'maker')
      .orderBy('id')
      .execute();
    expect(refusals).toEqual([
      {
        action: APPROVAL_AUDIT_ACTIONS.approved,
        outcome: 'refused',
        detail: {
          kind: 'test.change',
          requestId: request.id,
          status: 403,
          reason: APPROVAL_MESSAGES.ownChanges,
        },
      },
      {
        action: APPROVAL_AUDIT_ACTIONS.rejected,
        outcome: 'refused',
        detail: {
          kind: 'test.change',
          requestId: request.id,
          status: 403,
          reason: APPROVAL_MESSAGES.ownChanges,
        },
      },
    ]);
  });

  it('refuses every author of a request, not only its requester, and lets anyone else approve', async () => {
    const request = await changes.submit(maker, {
      scope: 'process-1',
      payload: { note: 'shared' },
      authorIds: [checker.userId ?? ''],
    });
    expect(request.authorIds).toEqual([maker.userId, checker.userId]);
    for (const review of [changes.approve, changes.reject]) {
      expect(await statusOf(review(checker, request.id, 'My own change is fine'))).toEqual({
        statusCode: 403,
        message: APPROVAL_MESSAGES.ownChanges,
      });
    }
    expect((await changes.get(request.id)).status).toBe('PENDING');
    expect(await effects(request.id)).toEqual([]);

    const approved = await changes.approve(secondChecker, request.id, 'Checked by a third user');
    expect(approved.status).toBe('APPROVED');
    expect(await effects(request.id)).toEqual(['shared by second-checker']);
  });

  it('requires a review comment of at most the maximum length', async () => {
    const request = await submit({ note: 'comment' });
    for (const comment of ['', '   ']) {
      expect(await statusOf(changes.approve(checker, request.id, comment))).toEqual({
        statusCode: 400,
        message: APPROVAL_MESSAGES.commentRequired,
      });
      expect(await statusOf(changes.reject(checker, request.id, comment))).toEqual({
        statusCode: 400,
        message: APPROVAL_MESSAGES.commentRequired,
      });
    }
    const tooLong = 'x'.repeat(APPROVAL_COMMENT_MAX_LENGTH + 1);
    expect(await statusOf(changes.approve(checker, request.id, tooLong))).toEqual({
      statusCode: 400,
      message: APPROVAL_MESSAGES.commentTooLong,
    });
    expect((await changes.get(request.id)).status).toBe('PENDING');
    const longest = 'x'.repeat(APPROVAL_COMMENT_MAX_LENGTH);
    expect((await changes.approve(checker, request.id, longest)).review?.comment).toBe(longest);
  });

  it('approves and applies in one transaction, then refuses a second review with 409', async () => {
    const request = await submit({ note: 'apply me' });
    clock.advance(60_000);
    const approved = await changes.approve(checker, request.id, ' Checked against the ticket ');
    expect(approved).toEqual({
      ...request,
      status: 'APPROVED',
      review: {
        reviewedById: checker.userId,
        reviewedBy: 'checker',
        reviewedAt: clock.now(),
        comment: 'Checked against the ticket',
      },
    });
    expect(await changes.get(request.id)).toEqual(approved);
    expect(await effects(request.id)).toEqual(['apply me by checker']);
    expect(await auditRows(request.id)).toContainEqual({
      action: APPROVAL_AUDIT_ACTIONS.approved,
      outcome: 'success',
      actor: 'checker',
      client_address: '203.0.113.7',
      detail: {
        kind: 'test.change',
        requestId: request.id,
        scope: 'process-1',
        comment: 'Checked against the ticket',
      },
    });
    for (const review of [changes.approve, changes.reject]) {
      expect(await statusOf(review(secondChecker, request.id, 'Me too'))).toEqual({
        statusCode: 409,
        message: APPROVAL_MESSAGES.alreadyApproved,
      });
    }
    expect(await effects(request.id)).toEqual(['apply me by checker']);
  });

  it('rejects without applying; an approval afterwards is refused', async () => {
    const request = await submit({ note: 'reject me' });
    const rejected = await changes.reject(checker, request.id, 'Wrong account');
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.review).toMatchObject({ reviewedBy: 'checker', comment: 'Wrong account' });
    expect(await effects(request.id)).toEqual([]);
    expect(await statusOf(changes.approve(secondChecker, request.id, 'Fine'))).toEqual({
      statusCode: 409,
      message: APPROVAL_MESSAGES.alreadyRejected,
    });
    expect(await auditRows(request.id)).toContainEqual(
      expect.objectContaining({ action: APPROVAL_AUDIT_ACTIONS.rejected, outcome: 'success' }),
    );
  });

  it('rolls the whole review back when apply refuses or fails: still pending, nothing written', async () => {
    for (const [payload, outcome] of [
      [{ note: 'refused', refuse: true }, 'refused'],
      [{ note: 'crashed', crash: true }, 'failure'],
    ] as const) {
      const request = await submit(payload);
      const calls = applyCalls;
      const failed = changes.approve(checker, request.id, 'Go ahead');
      if (outcome === 'refused') {
        expect(await statusOf(failed)).toEqual({ statusCode: 409, message: 'The change no longer fits.' });
      } else {
        await expect(failed).rejects.toThrow('disk full');
      }
      expect(applyCalls).toBe(calls + 1);
      expect(await effects(request.id)).toEqual([]);
      expect(await changes.get(request.id)).toEqual(request);
      expect((await auditRows(request.id)).map((row) => [row.action, row.outcome])).toEqual([
        [APPROVAL_AUDIT_ACTIONS.requested, 'success'],
        [APPROVAL_AUDIT_ACTIONS.approved, outcome],
      ]);
    }
  });

  it('lets exactly one of two simultaneous reviews win; apply runs once', async () => {
    for (const rival of ['approve', 'reject'] as const) {
      const request = await submit({ note: `race ${rival}`, delayMs: 50 });
      const calls = applyCalls;
      const results = await Promise.allSettled([
        changes.approve(checker, request.id, 'First'),
        changes[rival](secondChecker, request.id, 'Second'),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) =>
        result.status === 'rejected' ? [result.reason as unknown] : [],
      );
      expect(won, rival).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]).toBeInstanceOf(AppError);
      expect((lost[0] as AppError).statusCode).toBe(409);
      const final = await changes.get(request.id);
      expect(final.status).not.toBe('PENDING');
      const applied = final.status === 'APPROVED' ? 1 : 0;
      expect(await effects(request.id)).toHaveLength(applied);
      expect(applyCalls - calls).toBe(applied);
    }
  });

  it('lists pending requests of its kind by scope with paging, oldest first', async () => {
    const scope = `map-${kind}`;
    const created = [];
    for (const note of ['one', 'two', 'three']) {
      clock.advance(1_000);
      created.push(await submit({ note }, scope));
    }
    await other.submit(maker, { scope, payload: { mapId: scope } });
    const decided = created[1];
    if (decided === undefined) {
      throw new Error('no second request');
    }
    await changes.reject(checker, decided.id, 'Not now');

    const firstPage = await changes.listPending({ scope, limit: 1, offset: 0 });
    expect(firstPage.total).toBe(2);
    expect(firstPage.requests.map((request) => request.payload.note)).toEqual(['one']);
    const secondPage = await changes.listPending({ scope, limit: 1, offset: 1 });
    expect(secondPage.requests.map((request) => request.payload.note)).toEqual(['three']);
    expect((await changes.listPending({ scope, limit: 10, offset: 2 })).requests).toEqual([]);

    const everyScope = await changes.listPending({ limit: 100, offset: 0 });
    expect(everyScope.requests.every((request) => request.kind === 'test.change')).toBe(true);
    expect(everyScope.requests.every((request) => request.status === 'PENDING')).toBe(true);
    expect(everyScope.requests.map((request) => request.scope)).toContain('process-1');
    expect((await other.listPending({ scope, limit: 10, offset: 0 })).total).toBe(1);
  });

  it("answers 404 for unknown ids and for another kind's request", async () => {
    const foreign = await other.submit(maker, { scope: 'map-9', payload: { mapId: 'map-9' } });
    for (const requestId of [randomUUID(), 'not-a-uuid', foreign.id]) {
      expect(await statusOf(changes.get(requestId))).toEqual({
        statusCode: 404,
        message: APPROVAL_MESSAGES.notFound,
      });
      expect(await statusOf(changes.approve(checker, requestId, 'Yes'))).toEqual({
        statusCode: 404,
        message: APPROVAL_MESSAGES.notFound,
      });
    }
    expect((await other.get(foreign.id)).status).toBe('PENDING');
  });

  it('registers each kind once', () => {
    expect(() => engine.registerKind('test.change', { payloadSchema, apply: async () => {} })).toThrow(
      'Approval kind test.change is already registered',
    );
  });

  it('runs a submission’s own work in its transaction, and the rejection hook in the rejection’s', async () => {
    const hooked = engine.registerKind('test.hooked', {
      payloadSchema,
      apply: async () => {},
      rejected: async (tx, request, reviewer) => {
        await sql`insert into approval_test_effects (request_id, note)
          values (${request.id}, ${`rejected by ${reviewer.username}`})`.execute(tx);
      },
    });
    const kept = await hooked.submit(
      maker,
      { scope: 'hooks', payload: { note: 'kept' } },
      async (tx, request) => {
        await sql`insert into approval_test_effects (request_id, note) values (${request.id}, 'submitted')`.execute(
          tx,
        );
      },
    );
    const refused = hooked.submit(
      maker,
      { scope: 'hooks', payload: { note: 'refused' } },
      async (tx, request) => {
        await sql`insert into approval_test_effects (request_id, note) values (${request.id}, 'submitted')`.execute(
          tx,
        );
        throw conflict('Already there.');
      },
    );
    expect((await statusOf(refused)).statusCode).toBe(409);
    const pending = await hooked.listPending({ scope: 'hooks', limit: 10, offset: 0 });
    expect(pending.requests.map((request) => request.id)).toEqual([kept.id]);

    await hooked.reject(checker, kept.id, 'No');
    const effects = await sql<{ note: string }>`
      select note from approval_test_effects where request_id = ${kept.id} order by note`.execute(
      database.db,
    );
    expect(effects.rows.map((row) => row.note)).toEqual(['rejected by checker', 'submitted']);
  });
});

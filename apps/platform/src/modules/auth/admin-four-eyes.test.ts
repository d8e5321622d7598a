import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesResponseSchema, userSchema } from '@web-control/contract/admin';
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import { adminReviewSchema, reviewsResponseSchema, sentForReviewSchema } from '@web-control/contract/reviews';
import type { DatabaseHandle } from '../../db/connection.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../plugins/idempotency.ts';
import type { App } from '../../server.ts';
import { readLatestMail } from '../../testing/read-mail.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { ADMIN_AUDIT_ACTIONS, ADMIN_MESSAGES } from './admin-service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Signed = Awaited<ReturnType<typeof createTestUser>> & { token: string };

let sequence = 0;
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
}

async function signedIn(app: App, database: DatabaseHandle): Promise<Signed> {
  const user = await createTestUser(database, ['MANAGE_USERS']);
  return { ...user, token: (await login(app, user.username, user.password)).access_token };
}

function call(
  app: App,
  who: Signed,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/auth${url}`,
    headers: { authorization: `Bearer ${who.token}`, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function supportRoleId(app: App, who: Signed): Promise<number> {
  const roles = rolesResponseSchema.parse((await call(app, who, 'GET', '/manage/roles')).json()).roles;
  return roles.find((role) => role.role === 'Support')?.roleId ?? -1;
}

describe.each(TEST_DATABASE_KINDS)('user administration and FOUR_EYES on %s', (kind) => {
  describe('FOUR_EYES empty (the default): changes are made at once', () => {
    let database: DatabaseHandle;
    let app: App;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp({ database });
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('creates a user directly and leaves nothing to review', async () => {
      const maker = await signedIn(app, database);
      const checker = await signedIn(app, database);
      const username = unique('direct');
      const roleId = await supportRoleId(app, maker);
      const created = await call(app, maker, 'POST', '/manage/users', {
        username,
        email: `${username}@test.local`,
        msisdn: null,
        roles: [{ roleId }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const user = await database.db
        .selectFrom('users')
        .select('username')
        .where('username', '=', username)
        .executeTakeFirst();
      expect(user).toEqual({ username });
      expect(await database.db.selectFrom('approval_requests').select('request_id').execute()).toEqual([]);
      const inbox = await call(app, checker, 'GET', '/api/reviews?area=admin');
      expect(reviewsResponseSchema.parse(inbox.json())).toEqual({ reviews: [], total: 0 });
    });
  });

  describe('FOUR_EYES=admin: user and role changes are requests another administrator approves', () => {
    let database: DatabaseHandle;
    let app: App;
    let maker: Signed;
    let checker: Signed;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      app = await buildTestApp({ database, settings: { fourEyes: 'admin' } });
      maker = await signedIn(app, database);
      checker = await signedIn(app, database);
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    async function ask(method: Method, url: string, payload?: object, headers?: Record<string, string>) {
      const answer = await call(app, maker, method, url, payload, headers);
      expect(answer.statusCode, answer.body).toBe(202);
      return sentForReviewSchema.parse(answer.json()).requestId;
    }

    async function decide(who: Signed, requestId: string, decision: 'approve' | 'reject') {
      return call(app, who, 'POST', `/manage/reviews/${requestId}/${decision}`, { comment: 'Checked' });
    }

    async function userRow(userId: string) {
      return database.db
        .selectFrom('users')
        .select(['email', 'version'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    }

    it('asks for a new user, creates nothing until another administrator approves, then mails the link', async () => {
      const username = unique('asked');
      const email = `${username}@test.local`;
      const roleId = await supportRoleId(app, maker);
      const requestId = await ask('POST', '/manage/users', {
        username,
        email,
        msisdn: null,
        roles: [{ roleId }],
      });
      const users = () =>
        database.db.selectFrom('users').select('user_id').where('username', '=', username).execute();
      expect(await users(), 'nothing is created until approved').toEqual([]);
      const stored = await database.db
        .selectFrom('approval_requests')
        .select(['kind', 'scope', 'payload', 'status'])
        .where('request_id', '=', requestId)
        .executeTakeFirstOrThrow();
      expect(stored, 'the request holds the asked fields only: no password, no link').toEqual({
        kind: 'USER_CREATE',
        scope: username,
        payload: { username, email, msisdn: null, roleId, roleName: 'Support' },
        status: 'PENDING',
      });

      const own = reviewsResponseSchema.parse((await call(app, maker, 'GET', '/api/reviews')).json());
      expect(own.reviews.map((review) => review.id)).not.toContain(requestId);
      const inbox = reviewsResponseSchema.parse(
        (await call(app, checker, 'GET', '/api/reviews?area=admin')).json(),
      );
      expect(inbox.reviews).toEqual([
        {
          id: requestId,
          kind: 'USER_CREATE',
          area: 'admin',
          summary: `Create user ${username}`,
          requestedBy: maker.username,
          requestedAt: expect.any(String) as unknown,
          scope: username,
        },
      ]);
      const review = adminReviewSchema.parse(
        (await call(app, checker, 'GET', `/manage/reviews/${requestId}`)).json(),
      );
      expect(review).toMatchObject({
        status: 'PENDING',
        authors: [maker.username],
        changes: [
          { field: 'Username', from: null, to: username },
          { field: 'Email', from: null, to: email },
          { field: 'Mobile number', from: null, to: null },
          { field: 'Role', from: null, to: 'Support' },
        ],
      });

      const mine = await decide(maker, requestId, 'approve');
      expect(mine.statusCode).toBe(403);
      expect(mine.json()).toMatchObject({ errorMessage: OWN_CHANGES_REVIEW_MESSAGE });
      expect(await users()).toEqual([]);

      const approved = await decide(checker, requestId, 'approve');
      expect(approved.statusCode, approved.body).toBe(200);
      expect(adminReviewSchema.parse(approved.json()).status).toBe('APPROVED');
      expect(await users()).toHaveLength(1);
      await app.services.mail.whenIdle();
      const mail = await readLatestMail(app.services.settings.dataDir, email);
      const token = mail?.link?.split('/').at(-1) ?? '';
      expect(token, 'the enrolment mail went out on approval').not.toBe('');
      const rows = JSON.stringify(await database.db.selectFrom('approval_requests').selectAll().execute());
      expect(rows.includes(token), 'the link is never in a request').toBe(false);
      const audited = await database.db
        .selectFrom('audit_log')
        .select(['actor', 'outcome', 'detail'])
        .where('action', '=', ADMIN_AUDIT_ACTIONS.userCreated)
        .execute();
      expect(audited).toEqual([
        {
          actor: checker.username,
          outcome: 'success',
          detail: expect.objectContaining({ username, requestId, requestedBy: maker.username }) as unknown,
        },
      ]);
      expect((await decide(checker, requestId, 'approve')).statusCode, 'an approval runs once').toBe(409);
    });

    it('changes a user only on approval, never reviewed by that user, at the version it was asked against', async () => {
      const subject = await signedIn(app, database);
      const before = userSchema.parse(
        (await call(app, maker, 'GET', `/manage/users/${subject.userId}`)).json(),
      );
      const roleId = before.roles?.[0]?.roleId ?? -1;
      const change = (email: string) => ({
        username: subject.username,
        email,
        msisdn: null,
        roles: [{ roleId }],
      });
      const ifMatch = { 'if-match': `"${before.version}"` };
      const first = await ask('PUT', `/manage/users/${subject.userId}`, change('first@test.local'), ifMatch);
      const second = await ask(
        'PUT',
        `/manage/users/${subject.userId}`,
        change('second@test.local'),
        ifMatch,
      );
      expect(await userRow(subject.userId)).toEqual({ email: before.email, version: before.version });

      const theirs = reviewsResponseSchema.parse((await call(app, subject, 'GET', '/api/reviews')).json());
      expect(theirs.reviews, 'the user it changes does not review it').toEqual([]);
      expect((await decide(subject, first, 'approve')).statusCode).toBe(403);
      const review = adminReviewSchema.parse(
        (await call(app, checker, 'GET', `/manage/reviews/${first}`)).json(),
      );
      expect(review).toMatchObject({
        kind: 'USER_UPDATE',
        summary: `Change user ${subject.username}`,
        changes: [{ field: 'Email', from: before.email, to: 'first@test.local' }],
        authors: [maker.username, subject.username],
      });

      expect((await decide(checker, first, 'approve')).statusCode).toBe(200);
      expect(await userRow(subject.userId)).toEqual({
        email: 'first@test.local',
        version: before.version + 1,
      });
      const stale = await decide(checker, second, 'approve');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ errorMessage: ADMIN_MESSAGES.userChanged });
      const pending = adminReviewSchema.parse(
        (await call(app, checker, 'GET', `/manage/reviews/${second}`)).json(),
      );
      expect(pending.status, 'a refused approval leaves it pending').toBe('PENDING');
      expect((await decide(checker, second, 'reject')).statusCode).toBe(200);
      expect(await userRow(subject.userId)).toEqual({
        email: 'first@test.local',
        version: before.version + 1,
      });
    });

    it('deletes a user on approval; a rejection leaves them', async () => {
      const subject = await createTestUser(database, ['VIEW_TRANSACTIONS']);
      const rejected = await ask('DELETE', `/manage/users/${subject.userId}`);
      expect((await decide(checker, rejected, 'reject')).statusCode).toBe(200);
      expect(await userRow(subject.userId)).toBeDefined();
      const approved = await ask('DELETE', `/manage/users/${subject.userId}`);
      expect(await userRow(subject.userId)).toBeDefined();
      expect((await decide(checker, approved, 'approve')).statusCode).toBe(200);
      expect(await userRow(subject.userId)).toBeUndefined();
    });

    it('creates, changes and deletes roles through requests', async () => {
      const name = unique('Asked role');
      const roleNamed = async (role: string) =>
        rolesResponseSchema
          .parse((await call(app, checker, 'GET', '/manage/roles')).json())
          .roles.find((each) => each.role === role);
      const created = await ask('POST', '/manage/roles', { role: name, permissions: [{ id: 1 }] });
      expect(await roleNamed(name)).toBeUndefined();
      expect((await decide(checker, created, 'approve')).statusCode).toBe(200);
      const role = await roleNamed(name);
      expect(role?.permissions.map((permission) => permission.id)).toEqual([1]);

      const renamed = await ask('PUT', `/manage/roles/${role?.roleId}`, {
        role: `${name}!`,
        permissions: [],
      });
      const review = adminReviewSchema.parse(
        (await call(app, checker, 'GET', `/manage/reviews/${renamed}`)).json(),
      );
      expect(review.summary).toBe(`Change role ${name}`);
      expect(review.changes.map((change) => change.field)).toEqual(['Name', 'Permissions']);
      expect((await decide(checker, renamed, 'reject')).statusCode).toBe(200);
      expect(await roleNamed(name)).toEqual(role);

      const deleted = await ask('DELETE', `/manage/roles/${role?.roleId}`);
      expect((await decide(checker, deleted, 'approve')).statusCode).toBe(200);
      expect(await roleNamed(name)).toBeUndefined();
    });

    it('refuses at once what a direct change would refuse, asks nothing, and audits the refusal', async () => {
      const count = async () =>
        Number(
          (
            await database.db
              .selectFrom('approval_requests')
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      const before = await count();
      const own = userSchema.parse((await call(app, maker, 'GET', `/manage/users/${maker.userId}`)).json());
      const refused = await call(app, maker, 'PUT', `/manage/users/${maker.userId}`, {
        username: maker.username,
        email: own.email,
        msisdn: null,
        roles: [{ roleId: await supportRoleId(app, maker) }],
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorMessage: ADMIN_MESSAGES.changeOwnRole });
      const taken = await call(app, maker, 'POST', '/manage/users', {
        username: 'admin',
        email: 'another@test.local',
        msisdn: null,
        roles: [{ roleId: 1 }],
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ errorMessage: ADMIN_MESSAGES.usernameTaken('admin') });
      expect(await count()).toBe(before);
      const audited = await database.db
        .selectFrom('audit_log')
        .select(['actor', 'detail'])
        .where('action', '=', 'APPROVAL_REQUESTED')
        .where('outcome', '=', 'refused')
        .orderBy('id')
        .execute();
      expect(audited.map((row) => row.detail)).toEqual([
        { kind: 'USER_UPDATE', status: 409, reason: ADMIN_MESSAGES.changeOwnRole },
        { kind: 'USER_CREATE', status: 409, reason: ADMIN_MESSAGES.usernameTaken('admin') },
      ]);
    });

    it('checks the rules again on approval, with the reviewer as the one making the change', async () => {
      const reviewer = await signedIn(app, database);
      const held = userSchema.parse(
        (await call(app, reviewer, 'GET', `/manage/users/${reviewer.userId}`)).json(),
      ).roles?.[0];
      const requestId = await ask('PUT', `/manage/roles/${held?.roleId}`, {
        role: `${held?.role}!`,
        permissions: [],
      });
      const refused = await decide(reviewer, requestId, 'approve');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ errorMessage: ADMIN_MESSAGES.changeHeldRole });
      const review = adminReviewSchema.parse(
        (await call(app, checker, 'GET', `/manage/reviews/${requestId}`)).json(),
      );
      expect(review.status).toBe('PENDING');
      const role = await database.db
        .selectFrom('roles')
        .select('name')
        .where('role_id', '=', held?.roleId ?? -1)
        .executeTakeFirst();
      expect(role, 'a role its reviewer holds is not changed by them').toEqual({ name: held?.role });
    });

    it('asks once for a request sent twice with one Idempotency-Key', async () => {
      const body = { role: unique('Once'), permissions: [] };
      const headers = { [IDEMPOTENCY_KEY_HEADER]: unique('key') };
      const first = await call(app, maker, 'POST', '/manage/roles', body, headers);
      const again = await call(app, maker, 'POST', '/manage/roles', body, headers);
      expect(first.statusCode).toBe(202);
      expect(again.statusCode).toBe(202);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
      expect(again.json()).toEqual(first.json());
      const requests = await database.db
        .selectFrom('approval_requests')
        .select('request_id')
        .where('scope', '=', body.role)
        .execute();
      expect(requests).toHaveLength(1);
    });

    it('shows a request only to administrators', async () => {
      const requestId = await ask('POST', '/manage/roles', { role: unique('Hidden'), permissions: [] });
      const viewer = await createTestUser(database, ['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER']);
      const token = (await login(app, viewer.username, viewer.password)).access_token;
      const other = { ...viewer, token };
      expect((await call(app, other, 'GET', `/manage/reviews/${requestId}`)).statusCode).toBe(403);
      expect((await decide(other, requestId, 'approve')).statusCode).toBe(403);
      const inbox = reviewsResponseSchema.parse((await call(app, other, 'GET', '/api/reviews')).json());
      expect(inbox.reviews.map((review) => review.id)).not.toContain(requestId);
      expect(
        (await call(app, checker, 'GET', '/manage/reviews/00000000-0000-4000-8000-000000000000')).statusCode,
      ).toBe(404);
    });
  });
});

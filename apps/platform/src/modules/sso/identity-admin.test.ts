import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@web-control/contract/auth';
import {
  SSO_IDENTITY_MESSAGES,
  SSO_MESSAGES,
  userIdentitiesResponseSchema,
  userIdentitySchema,
} from '@web-control/contract/sso';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { ADMIN_MESSAGES } from '../auth/admin-service.ts';
import { SSO_AUDIT_ACTIONS } from './service.ts';

type Method = 'GET' | 'PUT' | 'DELETE';

const ISSUER = 'https://login.example/realms/bank';
const OTHER_ISSUER = 'https://other.example';
const UNKNOWN_USER = '00000000-0000-4000-8000-000000000000';
const CLIENT_ID = 'web-control-test';
const CLIENT_SECRET = 'web-control-test-secret';
const REDIRECT_URI = 'http://localhost/login';

function identitiesPath(userId: string, query?: { issuer: string; subject: string }): string {
  const path = `/api/auth/manage/users/${userId}/identities`;
  return query === undefined ? path : `${path}?${new URLSearchParams(query).toString()}`;
}

function auditRows(database: DatabaseHandle, action: string) {
  return database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

describe.each(TEST_DATABASE_KINDS)('identity administration on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await buildTestApp({ database });
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    return () => app.close();
  });

  function call(method: Method, url: string, payload?: object, token: string | null = adminToken) {
    return app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
  }

  async function listIdentities(userId: string) {
    const response = await call('GET', identitiesPath(userId));
    expect(response.statusCode, response.body).toBe(200);
    return userIdentitiesResponseSchema.parse(response.json()).identities;
  }

  it('refuses callers without a session or without MANAGE_USERS', async () => {
    const viewer = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const viewerToken = (await login(app, viewer.username, viewer.password)).access_token;
    const link = { issuer: ISSUER, subject: 'someone' };
    const routes: Array<{ method: Method; url: string; payload?: object }> = [
      { method: 'GET', url: identitiesPath(viewer.userId) },
      { method: 'PUT', url: identitiesPath(viewer.userId), payload: link },
      { method: 'DELETE', url: identitiesPath(viewer.userId, link) },
    ];
    for (const route of routes) {
      const anonymous = await call(route.method, route.url, route.payload, null);
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const forbidden = await call(route.method, route.url, route.payload, viewerToken);
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    expect(
      await database.db
        .selectFrom('user_identities')
        .select('subject')
        .where('subject', '=', 'someone')
        .execute(),
    ).toEqual([]);
  });

  it('validates the issuer, the subject and the user id', async () => {
    const user = await createTestUser(database, []);
    const invalid = [
      { issuer: 'ftp://login.example', subject: 'a' },
      { issuer: 'not a url', subject: 'a' },
      { issuer: ISSUER, subject: '' },
      { issuer: ISSUER, subject: 'x'.repeat(256) },
      { issuer: ISSUER, subject: 'a\u0000b' },
      { issuer: ISSUER, subject: 'line\nbreak' },
      { issuer: ISSUER },
    ];
    for (const payload of invalid) {
      const response = await call('PUT', identitiesPath(user.userId), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const message =
        payload.issuer === ISSUER
          ? SSO_IDENTITY_MESSAGES.subjectInvalid
          : SSO_IDENTITY_MESSAGES.issuerInvalid;
      expect(response.body).toContain(message);
    }
    expect((await call('GET', identitiesPath('not-a-uuid'))).statusCode).toBe(400);
    expect((await call('DELETE', identitiesPath(user.userId))).statusCode).toBe(400);
    expect(await listIdentities(user.userId)).toEqual([]);
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const response of [
      await call('GET', identitiesPath(UNKNOWN_USER)),
      await call('PUT', identitiesPath(UNKNOWN_USER), { issuer: ISSUER, subject: 'ghost' }),
      await call('DELETE', identitiesPath(UNKNOWN_USER, { issuer: ISSUER, subject: 'ghost' })),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ errorMessage: ADMIN_MESSAGES.userNotFound });
    }
  });

  it('links an identity as the administrator’s link, audited, and replaces the user’s link at the same issuer', async () => {
    const user = await createTestUser(database, []);
    const linked = await call('PUT', identitiesPath(user.userId), { issuer: ISSUER, subject: 'first' });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(userIdentitySchema.parse(linked.json())).toMatchObject({
      issuer: ISSUER,
      subject: 'first',
      linkedBy: 'administrator',
      lastSignInAt: null,
    });
    await call('PUT', identitiesPath(user.userId), { issuer: OTHER_ISSUER, subject: 'elsewhere' });
    const replaced = await call('PUT', identitiesPath(user.userId), { issuer: ISSUER, subject: 'second' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // Linking the same pair again changes nothing.
    expect(
      (await call('PUT', identitiesPath(user.userId), { issuer: ISSUER, subject: 'second' })).statusCode,
    ).toBe(200);

    const identities = await listIdentities(user.userId);
    expect(identities.map(({ issuer, subject, linkedBy }) => ({ issuer, subject, linkedBy }))).toEqual([
      { issuer: ISSUER, subject: 'second', linkedBy: 'administrator' },
      { issuer: OTHER_ISSUER, subject: 'elsewhere', linkedBy: 'administrator' },
    ]);
    expect(identities[0]?.linkedAt).toBe(app.clock.now().toISOString());

    const [latest, replacing] = (await auditRows(database, SSO_AUDIT_ACTIONS.identityLinked)).filter(
      (row) => row.detail.userId === user.userId,
    );
    expect(latest).toMatchObject({ actor: 'admin', outcome: 'success' });
    expect(latest?.detail).toMatchObject({ issuer: ISSUER, subject: 'second', replaced: [] });
    expect(replacing?.detail).toMatchObject({
      issuer: ISSUER,
      subject: 'second',
      linkedBy: 'administrator',
      username: user.username,
      replaced: [{ subject: 'first', linkedBy: 'administrator' }],
    });
  });

  it('refuses with 409 an identity already linked to another user, and changes nothing', async () => {
    const owner = await createTestUser(database, []);
    const other = await createTestUser(database, []);
    await call('PUT', identitiesPath(owner.userId), { issuer: ISSUER, subject: 'taken' });
    await call('PUT', identitiesPath(other.userId), { issuer: ISSUER, subject: 'mine' });
    const response = await call('PUT', identitiesPath(other.userId), { issuer: ISSUER, subject: 'taken' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      errorMessage: SSO_IDENTITY_MESSAGES.linkedToAnother(owner.username),
      code: 'CONFLICT',
    });
    expect((await listIdentities(owner.userId)).map((identity) => identity.subject)).toEqual(['taken']);
    // The refused link did not replace the user's own link at that issuer.
    expect((await listIdentities(other.userId)).map((identity) => identity.subject)).toEqual(['mine']);
    const [refused] = await auditRows(database, SSO_AUDIT_ACTIONS.identityLinked);
    expect(refused).toMatchObject({ actor: 'admin', outcome: 'refused' });
    expect(refused?.detail).toMatchObject({ userId: other.userId, subject: 'taken', status: 409 });
  });

  it('unlinks an identity of the user, audited; an identity it does not have is a 404', async () => {
    const user = await createTestUser(database, []);
    const other = await createTestUser(database, []);
    await call('PUT', identitiesPath(user.userId), { issuer: ISSUER, subject: 'leaving' });
    await call('PUT', identitiesPath(other.userId), { issuer: ISSUER, subject: 'staying' });

    const foreign = await call('DELETE', identitiesPath(user.userId, { issuer: ISSUER, subject: 'staying' }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errorMessage: SSO_IDENTITY_MESSAGES.notLinked });
    expect(await listIdentities(other.userId)).toHaveLength(1);

    const response = await call(
      'DELETE',
      identitiesPath(user.userId, { issuer: ISSUER, subject: 'leaving' }),
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(await listIdentities(user.userId)).toEqual([]);
    const [unlinked] = await auditRows(database, SSO_AUDIT_ACTIONS.identityUnlinked);
    expect(unlinked).toMatchObject({ actor: 'admin', outcome: 'success' });
    expect(unlinked?.detail).toMatchObject({
      userId: user.userId,
      username: user.username,
      issuer: ISSUER,
      subject: 'leaving',
      linkedBy: 'administrator',
    });
  });
});

describe('an identity an administrator linked signs in', () => {
  let provider: TestOidcProvider;
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    provider = await startTestOidcProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
      accounts: new Map([
        ['alice', { email: 'admin@demo.local', email_verified: true }],
        ['contractor', { email: 'contractor@elsewhere.example', email_verified: true }],
      ]),
    });
    database = await createTestDatabase('pglite');
    app = await buildTestApp({
      database,
      settings: {
        authProvider: 'identity-provider',
        oidcIssuer: provider.issuer,
        oidcClientId: CLIENT_ID,
        oidcClientSecret: CLIENT_SECRET,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await provider.close();
  });

  /** The whole sign-on: redirect, sign in at the provider as `account`, exchange the code. */
  async function signIn(account: string) {
    const state = `state-${account}-${Math.random().toString(36).slice(2, 12)}`;
    const started = await app.inject({
      method: 'GET',
      url: '/api/auth/login/auth',
      query: { redirectUri: REDIRECT_URI, state },
    });
    const callback = await provider.signIn(String(started.headers.location), account);
    return app.inject({
      method: 'POST',
      url: '/api/auth/login/token',
      payload: { redirectUri: REDIRECT_URI, code: callback.searchParams.get('code') ?? '', state },
    });
  }

  it('signs in as the user it was linked to, until it is unlinked', async () => {
    const adminSignIn = await signIn('alice');
    expect(adminSignIn.statusCode, adminSignIn.body).toBe(200);
    const authorization = `Bearer ${tokenPairSchema.parse(adminSignIn.json()).access_token}`;
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);

    const before = await signIn('contractor');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ errorMessage: SSO_MESSAGES.unknownIdentity });

    const linked = await app.inject({
      method: 'PUT',
      url: identitiesPath(user.userId),
      headers: { authorization },
      payload: { issuer: provider.issuer, subject: 'contractor' },
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const response = await signIn('contractor');
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeJwt(tokenPairSchema.parse(response.json()).access_token).username).toBe(user.username);
    const listed = await app.inject({
      method: 'GET',
      url: identitiesPath(user.userId),
      headers: { authorization },
    });
    const [identity] = userIdentitiesResponseSchema.parse(listed.json()).identities;
    expect(identity).toMatchObject({ subject: 'contractor', linkedBy: 'administrator' });
    expect(identity?.lastSignInAt).toBe(app.clock.now().toISOString());

    const unlinked = await app.inject({
      method: 'DELETE',
      url: identitiesPath(user.userId, { issuer: provider.issuer, subject: 'contractor' }),
      headers: { authorization },
    });
    expect(unlinked.statusCode).toBe(204);
    expect((await signIn('contractor')).statusCode).toBe(403);
  });
});

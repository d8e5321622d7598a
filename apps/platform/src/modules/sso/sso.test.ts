import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tokenPairSchema } from '@web-control/contract/auth';
import { PERMISSIONS } from '@web-control/contract/permissions';
import { SSO_MESSAGES } from '@web-control/contract/sso';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import { readSettings, SettingsError, type SettingsInput } from '../../settings.ts';
import {
  startTestOidcProvider,
  type TestAccountClaims,
  type TestOidcProvider,
} from '../../testing/oidc-provider.ts';
import { buildTestApp, createTestUser } from '../../testing/test-app.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { SSO_AUDIT_ACTIONS, SSO_TRANSACTION_TTL_MINUTES } from './service.ts';
import { MINUTE_MS } from '../../time.ts';

const CLIENT_ID = 'web-control-test';
const CLIENT_SECRET = 'web-control-test-secret';
/** app.inject talks to the platform as http://localhost:80, which a browser writes as http://localhost. */
const REDIRECT_URI = 'http://localhost/login';

/** Accounts at the provider: login → claims. */
const accounts = new Map<string, TestAccountClaims>([
  ['alice', { email: 'admin@demo.local', email_verified: true, name: 'Alice Admin' }],
  ['sam', { preferred_username: 'support', email: 'sam@elsewhere.example', email_verified: false }],
  ['unverified', { email: 'operator@demo.local', email_verified: false }],
  ['stranger', { email: 'stranger@elsewhere.example', email_verified: true, preferred_username: 'stranger' }],
]);

let provider: TestOidcProvider;
let stateSequence = 0;

function newState(): string {
  stateSequence += 1;
  return `state-${String(stateSequence).padStart(4, '0')}-${Math.random().toString(36).slice(2, 12)}`;
}

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    accounts,
  });
});
afterAll(async () => {
  await provider.close();
});

function ssoSettings(overrides: Partial<SettingsInput> = {}): Partial<SettingsInput> {
  return {
    authProvider: 'identity-provider',
    oidcIssuer: provider.issuer,
    oidcClientId: CLIENT_ID,
    oidcClientSecret: CLIENT_SECRET,
    identityProviderName: 'Test Provider',
    ...overrides,
  };
}

describe.each(TEST_DATABASE_KINDS)('single sign-on on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await buildTestApp({ database, settings: ssoSettings() });
    return () => app.close();
  });

  const startSignIn = (query: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/auth/login/auth', query });
  const exchange = (payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/login/token', payload });

  /** Redirect, sign in at the provider as `login`, and come back with a code. */
  async function signInAtProvider(login: string, extras: Record<string, string> = {}) {
    const state = newState();
    const started = await startSignIn({ redirectUri: REDIRECT_URI, state, ...extras });
    expect(started.statusCode, started.body).toBe(302);
    const authorizationUrl = String(started.headers.location);
    const callback = await provider.signIn(authorizationUrl, login);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    return {
      state,
      authorizationUrl: new URL(authorizationUrl),
      code: callback.searchParams.get('code') ?? '',
      iss: callback.searchParams.get('iss') ?? undefined,
    };
  }

  function auditRows(action: string) {
    return database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .execute();
  }

  it('redirects to the provider with PKCE, nonce, the exact redirect URI and the extra parameters', async () => {
    const state = newState();
    const response = await startSignIn({
      redirectUri: REDIRECT_URI,
      state,
      login_hint: 'alice',
      domain_hint: 'demo.local',
      scope: 'openid offline_access',
      client_id: 'someone-else',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    const query = Object.fromEntries(location.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      code_challenge_method: 'S256',
      login_hint: 'alice',
      domain_hint: 'demo.local',
    });
    expect(query.nonce).toMatch(/^[\w-]{43}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.getAll('client_id')).toHaveLength(1);
    expect(location.searchParams.getAll('scope')).toHaveLength(1);
  });

  it('signs in through the provider, links by verified e-mail and answers the platform’s own tokens', async () => {
    const { code, state, iss } = await signInAtProvider('alice');
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state, ...(iss ? { iss } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    const pair = tokenPairSchema.parse(response.json());
    const claims = decodeJwt(pair.access_token);
    expect(claims.username).toBe('admin');
    expect(new Set(claims.permissions as string[])).toEqual(new Set(PERMISSIONS));

    // The refresh token is a normal one: it rotates.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: pair.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);

    const [linked] = await auditRows(SSO_AUDIT_ACTIONS.identityLinked);
    expect(linked).toMatchObject({ actor: 'admin', outcome: 'success' });
    expect(linked?.detail).toMatchObject({ issuer: provider.issuer, subject: 'alice', linkedBy: 'email' });
    const [login] = await auditRows(SSO_AUDIT_ACTIONS.login);
    expect(login).toMatchObject({ actor: 'admin', outcome: 'success' });
    expect(login?.detail).toMatchObject({ method: 'sso', subject: 'alice' });

    // The second sign-in uses the link and links nothing new.
    const linksBefore = (await auditRows(SSO_AUDIT_ACTIONS.identityLinked)).length;
    const again = await signInAtProvider('alice');
    const second = await exchange({ redirectUri: REDIRECT_URI, code: again.code, state: again.state });
    expect(second.statusCode, second.body).toBe(200);
    expect(decodeJwt(tokenPairSchema.parse(second.json()).access_token).username).toBe('admin');
    expect(await auditRows(SSO_AUDIT_ACTIONS.identityLinked)).toHaveLength(linksBefore);
    const identity = await database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(identity.linked_by).toBe('email');
    expect(identity.issuer).toBe(provider.issuer);
  });

  it('never links by preferred_username, a claim the user controls', async () => {
    const { code, state } = await signInAtProvider('sam');
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorMessage: SSO_MESSAGES.unknownIdentity, code: 'UNKNOWN_IDENTITY' });
    const linked = await auditRows(SSO_AUDIT_ACTIONS.identityLinked);
    expect(linked.filter((row) => row.detail.subject === 'sam')).toEqual([]);
    const links = await database.db
      .selectFrom('user_identities')
      .select('subject')
      .where('subject', '=', 'sam')
      .execute();
    expect(links).toEqual([]);
  });

  it('signs in an identity an administrator linked by issuer and subject, whatever its claims', async () => {
    const support = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('username', '=', 'support')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('user_identities')
      .values({
        issuer: provider.issuer,
        subject: 'sam',
        user_id: support.user_id,
        linked_by: 'administrator',
      })
      .execute();
    const { code, state } = await signInAtProvider('sam');
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state });
    expect(response.statusCode, response.body).toBe(200);
    expect(decodeJwt(tokenPairSchema.parse(response.json()).access_token).username).toBe('support');
  });

  it('refuses an identity that matches no platform user, and an unverified e-mail', async () => {
    for (const login of ['stranger', 'unverified']) {
      const { code, state } = await signInAtProvider(login);
      const response = await exchange({ redirectUri: REDIRECT_URI, code, state });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        errorMessage: SSO_MESSAGES.unknownIdentity,
        code: 'UNKNOWN_IDENTITY',
      });
    }
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure?.detail).toMatchObject({
      method: 'sso',
      reason: 'unknown-identity',
      subject: 'unverified',
    });
    const links = await database.db
      .selectFrom('user_identities')
      .select('subject')
      .where('subject', 'in', ['stranger', 'unverified'])
      .execute();
    expect(links).toEqual([]);
  });

  it('refuses a disabled user', async () => {
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS'], { disabled: true });
    accounts.set('disabled-one', { email: `${user.username}@test.local`, email_verified: true });
    const { code, state } = await signInAtProvider('disabled-one');
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure).toMatchObject({ actor: user.username });
    expect(failure?.detail).toMatchObject({ reason: 'disabled' });
  });

  it('refuses a tampered state and spends nothing', async () => {
    const { code, state } = await signInAtProvider('alice');
    const tampered = `${state.slice(0, -1)}${state.endsWith('x') ? 'y' : 'x'}`;
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state: tampered });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorMessage: SSO_MESSAGES.stateInvalid, code: 'SSO_STATE_INVALID' });
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure?.detail).toMatchObject({ reason: 'state-unknown' });
    // The genuine state still works.
    expect((await exchange({ redirectUri: REDIRECT_URI, code, state })).statusCode).toBe(200);
  });

  it('refuses a replayed state', async () => {
    const { code, state } = await signInAtProvider('alice');
    expect((await exchange({ redirectUri: REDIRECT_URI, code, state })).statusCode).toBe(200);
    const replay = await exchange({ redirectUri: REDIRECT_URI, code, state });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure?.detail).toMatchObject({ reason: 'state-used' });
  });

  it('refuses a state older than ten minutes', async () => {
    const { code, state } = await signInAtProvider('alice');
    app.clock.advance(SSO_TRANSACTION_TTL_MINUTES * MINUTE_MS + 1);
    const response = await exchange({ redirectUri: REDIRECT_URI, code, state });
    expect(response.statusCode).toBe(401);
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure?.detail).toMatchObject({ reason: 'state-expired' });
  });

  it('accepts only the console login page as redirect URI, at start and at exchange', async () => {
    for (const redirectUri of [
      'http://evil.example/login',
      'http://localhost/dashboard',
      'http://localhost/login?next=x',
      'http://localhost:80/login',
      'https://localhost/login',
    ]) {
      const response = await startSignIn({ redirectUri, state: newState() });
      expect(response.statusCode, redirectUri).toBe(400);
      expect(response.json()).toMatchObject({ errorMessage: SSO_MESSAGES.redirectUriInvalid });
    }
    const { code, state } = await signInAtProvider('alice');
    const response = await exchange({ redirectUri: 'http://localhost/other', code, state });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a code the provider did not issue for this state', async () => {
    const { state } = await signInAtProvider('alice');
    const response = await exchange({ redirectUri: REDIRECT_URI, code: 'not-a-real-code', state });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SSO_FAILED' });
    const [failure] = await auditRows(SSO_AUDIT_ACTIONS.loginFailed);
    expect(failure?.detail).toMatchObject({ reason: 'exchange-failed' });
  });

  it('refuses a code issued for another state (its nonce and PKCE verifier do not match)', async () => {
    const first = await signInAtProvider('alice');
    const second = await signInAtProvider('alice');
    const response = await exchange({ redirectUri: REDIRECT_URI, code: first.code, state: second.state });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SSO_FAILED' });
  });

  it('validates the request bodies', async () => {
    expect((await startSignIn({ redirectUri: REDIRECT_URI, state: 'short' })).statusCode).toBe(400);
    expect((await exchange({ redirectUri: REDIRECT_URI, code: 'x' })).statusCode).toBe(400);
  });

  it('names the provider in /config.js', async () => {
    const response = await app.inject({ method: 'GET', url: '/config.js' });
    expect(response.body).toContain('"authProvider": "identity-provider"');
    expect(response.body).toContain('"identityProviderName": "Test Provider"');
    expect(response.body).not.toContain(CLIENT_SECRET);
  });
  it('refuses password sign-in and password links while the identity provider signs users in', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: TEST_DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      errorMessage:
        'Users sign in through the identity provider here; signing in with a password is turned off.',
      code: 'PASSWORD_SIGN_IN_DISABLED',
    });
    const forgot = await app.inject({
      method: 'POST',
      url: '/api/auth/manage/users/forgot',
      payload: { email: 'admin@demo.local' },
    });
    expect(forgot.statusCode).toBe(404);
  });
});

describe('single sign-on configuration', () => {
  it('requires the issuer and the client id when the identity provider signs users in', () => {
    expect(() => readSettings({ AUTH_PROVIDER: 'identity-provider' })).toThrow(SettingsError);
    expect(() => readSettings({ AUTH_PROVIDER: 'identity-provider' })).toThrow(
      /OIDC_ISSUER: required when AUTH_PROVIDER is identity-provider\n\s+OIDC_CLIENT_ID: required/,
    );
    expect(() =>
      readSettings({ AUTH_PROVIDER: 'identity-provider', OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x' }),
    ).toThrow(/OIDC_ISSUER/);
    expect(() => readSettings({ OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES: must include openid/);
    const settings = readSettings({
      AUTH_PROVIDER: 'identity-provider',
      OIDC_ISSUER: 'https://login.example/realms/bank',
      OIDC_CLIENT_ID: 'web-control',
    });
    expect(settings.oidcScopes).toBe('openid email profile');
  });

  it('offers no single sign-on routes when users sign in with passwords', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp({ database });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/login/auth',
        query: { redirectUri: REDIRECT_URI, state: newState() },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('sends the browser back to the console when the provider cannot be reached', async () => {
    const database = await createTestDatabase('pglite');
    const app = await buildTestApp({
      database,
      settings: ssoSettings({ oidcIssuer: 'http://127.0.0.1:9/unreachable' }),
    });
    try {
      const state = newState();
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/login/auth',
        query: { redirectUri: REDIRECT_URI, state },
      });
      expect(response.statusCode).toBe(302);
      const back = new URL(String(response.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
      expect(back.searchParams.get('state')).toBe(state);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

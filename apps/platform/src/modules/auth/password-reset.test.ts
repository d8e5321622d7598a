import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LINK_EXPIRED_MESSAGE,
  PASSWORD_RECENTLY_USED,
  PASSWORD_TOO_COMMON,
} from '@web-control/contract/passwords';
import type { ManualClock } from '../../clock.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import type { App } from '../../server.ts';
import type { SettingsInput } from '../../settings.ts';
import { TEST_DEMO_PASSWORD } from '../../testing/constants.ts';
import { listMailFiles, readLatestMail } from '../../testing/read-mail.ts';
import { buildTestApp, createTestUser, login } from '../../testing/test-app.ts';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database.ts';
import { PASSWORD_AUDIT_ACTIONS } from './password-reset-service.ts';
import { MAX_FAILED_LOGINS } from './service.ts';
import { HOUR_MS, MINUTE_MS } from '../../time.ts';

const PUBLIC_URL = 'https://console.example';
const GOOD_PASSWORD = 'Correct-Horse-7';
const LINK_EXPIRED_BODY = { errorMessage: LINK_EXPIRED_MESSAGE, code: 'LINK_EXPIRED' };

describe.each(TEST_DATABASE_KINDS)('password reset and enrolment on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App & { clock: ManualClock };
  let adminToken: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    app = await start();
    adminToken = (await login(app, 'admin', TEST_DEMO_PASSWORD)).access_token;
    return () => app.close();
  });

  function start(settings: Partial<SettingsInput> = {}) {
    return buildTestApp({ database, settings: { publicUrl: PUBLIC_URL, ...settings } });
  }

  function unique(prefix: string): string {
    sequence += 1;
    return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 7)}`;
  }

  const dataDir = () => app.services.settings.dataDir;

  const forgot = (email: string, target: App = app) =>
    target.inject({ method: 'POST', url: '/api/auth/manage/users/forgot', payload: { email } });

  const setPassword = (link: string, password: string, target: App = app) =>
    target.inject({
      method: 'POST',
      url: `/api/auth/manage/users/reset/${link.split('/').at(-1) ?? ''}`,
      payload: { password },
    });

  const postLogin = (username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  async function createUserByAdmin(): Promise<{ userId: string; username: string; email: string }> {
    const roleId = (
      await database.db
        .selectFrom('roles')
        .select('role_id')
        .where('name', '=', 'Support')
        .executeTakeFirstOrThrow()
    ).role_id;
    const username = unique('new-user');
    const email = `${username}@Example.test`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/manage/users',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { username, email, msisdn: null, roles: [{ roleId }] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { userId: response.json<{ userId: string }>().userId, username, email };
  }

  async function latestLink(email: string): Promise<string> {
    await app.services.mail.whenIdle();
    const mail = await readLatestMail(dataDir(), email);
    expect(mail, `a mail to ${email}`).toBeDefined();
    return mail?.link ?? '';
  }

  function auditRows(action: string) {
    return database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  }

  it('mails a new user an enrolment link that sets their password once, after which they can sign in', async () => {
    const user = await createUserByAdmin();
    expect(app.services.mail.folder).toBe(`${dataDir()}/mail`);

    const mail = await readLatestMail(dataDir(), user.email);
    expect(mail?.to.toLowerCase()).toBe(user.email.toLowerCase());
    expect(mail?.subject).toBe('Web Control: choose your password');
    expect(mail?.link).toMatch(new RegExp(`^${PUBLIC_URL}/enroll/[\\w-]{43}$`));
    expect(mail?.text).toContain(`Hello ${user.username},`);
    expect(mail?.text).toContain('expires in 7 days');
    const link = mail?.link ?? '';
    const token = link.split('/').at(-1) ?? '';

    // No usable password before enrolment; the token is stored only as a digest.
    expect((await postLogin(user.username, GOOD_PASSWORD)).statusCode).toBe(401);
    const stored = await database.db
      .selectFrom('password_tokens')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(stored).toEqual([expect.objectContaining({ purpose: 'enrolment', used_at: null })]);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.expires_at.getTime()).toBe(app.clock.now().getTime() + 7 * 24 * HOUR_MS);

    const set = await setPassword(link, GOOD_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: user.username });
    expect((await postLogin(user.username, GOOD_PASSWORD)).statusCode).toBe(200);

    const again = await setPassword(link, 'Another-Pass-8');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(LINK_EXPIRED_BODY);
    expect((await postLogin(user.username, GOOD_PASSWORD)).statusCode).toBe(200);

    expect((await auditRows(PASSWORD_AUDIT_ACTIONS.enrolmentSent)).at(-1)).toMatchObject({
      actor: 'admin',
      outcome: 'success',
      detail: { userId: user.userId, username: user.username, email: user.email },
    });
    const [setRow, refusedRow] = (await auditRows(PASSWORD_AUDIT_ACTIONS.passwordSet)).slice(-2);
    expect(setRow).toMatchObject({
      actor: user.username,
      outcome: 'success',
      client_address: '127.0.0.1',
      detail: { userId: user.userId, purpose: 'enrolment' },
    });
    expect(refusedRow).toMatchObject({ outcome: 'refused', detail: { reason: 'link-expired' } });
    const audit = JSON.stringify(await database.db.selectFrom('audit_log').selectAll().execute());
    expect(audit).not.toContain(token);
    expect(audit).not.toContain(GOOD_PASSWORD);
  });

  it('answers the forgot call identically for known and unknown addresses; only the known one gets mail', async () => {
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const email = `${user.username}@test.local`;
    const unknown = `${unique('nobody')}@test.local`;

    const known = await forgot(email.toUpperCase());
    const stranger = await forgot(unknown);
    for (const response of [known, stranger]) {
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    const headerNames = (response: typeof known) =>
      Object.keys(response.headers).filter((name) => !['date', 'x-ratelimit-remaining'].includes(name));
    expect(headerNames(known)).toEqual(headerNames(stranger));

    await app.services.mail.whenIdle();
    expect(await listMailFiles(dataDir(), unknown)).toEqual([]);
    const mail = await readLatestMail(dataDir(), email);
    expect(mail?.subject).toBe('Web Control: reset your password');
    expect(mail?.link).toMatch(new RegExp(`^${PUBLIC_URL}/reset/[\\w-]{43}$`));
    expect(mail?.text).toContain('expires in 1 hour');

    const requests = await auditRows(PASSWORD_AUDIT_ACTIONS.resetRequested);
    const [knownRow, unknownRow] = requests.slice(-2);
    expect(knownRow).toMatchObject({ outcome: 'success', actor: null, detail: { userId: user.userId } });
    expect(unknownRow).toMatchObject({
      outcome: 'failure',
      actor: null,
      detail: { email: unknown, reason: 'unknown-address' },
    });
  });

  it('a reset sets the password, clears the lockout, ends every session and spends the other links', async () => {
    const user = await createTestUser(database, ['VIEW_TRANSACTIONS']);
    const email = `${user.username}@test.local`;
    const session = await login(app, user.username, user.password);
    for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt += 1) {
      await postLogin(user.username, 'wrong-password');
    }
    expect((await postLogin(user.username, user.password)).statusCode).toBe(401); // locked

    await forgot(email);
    const older = await latestLink(email);
    await forgot(email);
    const newer = await latestLink(email);
    expect(newer).not.toBe(older);
    // The newer link spent the older one.
    const older410 = await setPassword(older, 'Other-Pass-99');
    expect(older410.statusCode).toBe(410);
    expect(older410.json()).toEqual(LINK_EXPIRED_BODY);

    const set = await setPassword(newer, GOOD_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: user.username });

    expect((await postLogin(user.username, GOOD_PASSWORD)).statusCode).toBe(200);
    expect((await postLogin(user.username, user.password)).statusCode).toBe(401);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { refreshToken: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await auditRows(PASSWORD_AUDIT_ACTIONS.passwordSet)).at(-1)).toMatchObject({
      outcome: 'success',
      detail: { purpose: 'reset', revokedSessions: 1, spentLinks: 0 },
    });
  });

  it('refuses an unknown link and a reset link older than an hour with 410', async () => {
    const unknown = await setPassword(`${PUBLIC_URL}/reset/not-a-real-token`, GOOD_PASSWORD);
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json()).toEqual(LINK_EXPIRED_BODY);

    const user = await createTestUser(database, []);
    const email = `${user.username}@test.local`;
    await forgot(email);
    const stillValid = await latestLink(email);

    app.clock.advance(60 * MINUTE_MS - 1000);
    // Just inside the hour: works.
    expect((await setPassword(stillValid, GOOD_PASSWORD)).statusCode).toBe(200);

    await forgot(email);
    const late = await latestLink(email);
    app.clock.advance(60 * MINUTE_MS);
    const expired = await setPassword(late, 'Another-Horse-8');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual(LINK_EXPIRED_BODY);
  });

  it('spends the open links of a user whose e-mail an administrator changes', async () => {
    const user = await createUserByAdmin();
    const enrolment = await latestLink(user.email);
    await forgot(user.email);
    const reset = await latestLink(user.email);
    const roleId = (
      await database.db
        .selectFrom('users')
        .select('role_id')
        .where('user_id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).role_id;
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/auth/manage/users/${user.userId}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { username: user.username, email: `moved-${user.email}`, msisdn: null, roles: [{ roleId }] },
    });
    expect(changed.statusCode).toBe(204);
    for (const link of [enrolment, reset]) {
      expect((await setPassword(link, GOOD_PASSWORD)).statusCode, link).toBe(410);
    }
    // A new request to the new address works.
    await forgot(`moved-${user.email}`);
    expect((await setPassword(await latestLink(`moved-${user.email}`), GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the current password and the three before it, leaving the link usable', async () => {
    const user = await createTestUser(database, []);
    const email = `${user.username}@test.local`;
    const chosen = ['First-Horse-01', 'Second-Horse-02', 'Third-Horse-03', 'Fourth-Horse-04'];
    for (const password of chosen) {
      await forgot(email);
      expect((await setPassword(await latestLink(email), password)).statusCode, password).toBe(200);
    }
    await forgot(email);
    const link = await latestLink(email);
    for (const password of chosen) {
      const refused = await setPassword(link, password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json()).toEqual({
        errorMessage: PASSWORD_RECENTLY_USED,
        code: 'VALIDATION_FAILED',
        details: [{ location: 'body', field: 'password', message: PASSWORD_RECENTLY_USED }],
      });
    }
    expect((await auditRows(PASSWORD_AUDIT_ACTIONS.passwordSet)).at(-1)).toMatchObject({
      outcome: 'refused',
      detail: { reason: 'recently-used' },
    });
    // The password before those four is allowed again; only hashes are kept, three of them.
    expect((await setPassword(link, user.password.replace('password', 'Password-1!'))).statusCode).toBe(200);
    const history = await database.db
      .selectFrom('password_history')
      .select('password_hash')
      .where('user_id', '=', user.userId)
      .execute();
    expect(history).toHaveLength(3);
    for (const row of history) {
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    }
  });

  it('never writes a reset or enrolment link to the log when mail goes to an SMTP server', async () => {
    const logLines: Record<string, unknown>[] = [];
    const smtp = await buildTestApp({
      database,
      // Debug: request lines (with their address) are logged at debug unless slow.
      settings: { publicUrl: PUBLIC_URL, smtpUrl: 'smtp://127.0.0.1:9', logLevel: 'debug' },
      logLines,
    });
    try {
      const user = await createTestUser(database, []);
      await forgot(`${user.username}@test.local`, smtp);
      await smtp.services.mail.whenIdle();
      const token = 'A'.repeat(43);
      await smtp.inject({
        method: 'POST',
        url: `/api/auth/manage/users/reset/${token}`,
        payload: { password: GOOD_PASSWORD },
      });
      const stored = await database.db
        .selectFrom('password_tokens')
        .select('token_hash')
        .where('user_id', '=', user.userId)
        .execute();
      expect(stored).toHaveLength(1);
      const log = JSON.stringify(logLines);
      expect(log).toContain('Sending mail failed');
      expect(log).not.toContain(`${PUBLIC_URL}/reset/`);
      expect(log).not.toContain(token);
      expect(log).toContain('/api/auth/manage/users/reset/[token]');
    } finally {
      await smtp.close();
    }
  });

  it('takes the link lifetimes from the settings', async () => {
    const shortLived = await start({ resetTokenTtlMinutes: 5, enrolmentTokenTtlHours: 1 });
    try {
      const user = await createTestUser(database, []);
      const email = `${user.username}@test.local`;
      await forgot(email, shortLived);
      await shortLived.services.mail.whenIdle();
      const mail = await readLatestMail(shortLived.services.settings.dataDir, email);
      expect(mail?.text).toContain('expires in 5 minutes');
      shortLived.clock.advance(5 * MINUTE_MS);
      expect((await setPassword(mail?.link ?? '', GOOD_PASSWORD, shortLived)).statusCode).toBe(410);

      const rows = await database.db
        .selectFrom('password_tokens')
        .select(['purpose', 'created_at', 'expires_at'])
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows.map((row) => row.expires_at.getTime() - row.created_at.getTime())).toEqual([5 * MINUTE_MS]);
    } finally {
      await shortLived.close();
    }
  });

  it('enforces the password rules and refuses common passwords, leaving the link usable', async () => {
    const user = await createTestUser(database, []);
    const email = `${user.username}@test.local`;
    await forgot(email);
    const link = await latestLink(email);

    const cases: Array<[string, string]> = [
      ['', 'Please enter your password'],
      ['lowercase1!', 'Password must contain at least 1 upper case character'],
      ['UPPERCASE1!', 'Password must contain at least 1 lower case character'],
      ['Sh0rt!', 'Password must be at least 8 characters long'],
      ['NoDigits!!', 'Password must contain at least 1 digit'],
      ['NoSymbols123', 'Password must contain at least 1 non-alphanumeric character'],
      ['Eleven-Ch4r', 'Password must be at least 12 characters long'],
      ['Summer2026!!', 'Password must not be a season or a month with a year'],
      ['mY-january2025', 'Password must not be a season or a month with a year'],
    ];
    for (const [password, message] of cases) {
      const response = await setPassword(link, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ field: 'password', message })],
      });
    }
    for (const common of ['g00dPa$$w0rD', 'G00DpA$$W0Rd']) {
      const response = await setPassword(link, common);
      expect(response.statusCode, common).toBe(400);
      expect(response.json()).toEqual({
        errorMessage: PASSWORD_TOO_COMMON,
        code: 'VALIDATION_FAILED',
        details: [{ location: 'body', field: 'password', message: PASSWORD_TOO_COMMON }],
      });
    }
    expect((await auditRows(PASSWORD_AUDIT_ACTIONS.passwordSet)).at(-1)).toMatchObject({
      outcome: 'refused',
      detail: { reason: 'too-common' },
    });
    // None of the refusals spent the link.
    expect((await setPassword(link, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('rate limits both public calls per client address', async () => {
    const limited = await start({ loginRateLimit: 2 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await forgot('someone@test.local', limited)).statusCode);
      }
      expect(statuses).toEqual([204, 204, 429]);
      const resets: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        resets.push((await setPassword('x/unknown', GOOD_PASSWORD, limited)).statusCode);
      }
      expect(resets).toEqual([410, 410, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps the created user when the mail server fails, and audits the failed enrolment mail', async () => {
    const broken = await start({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const token = (await login(broken, 'admin', TEST_DEMO_PASSWORD)).access_token;
      const roleId = (
        await database.db
          .selectFrom('roles')
          .select('role_id')
          .where('name', '=', 'Support')
          .executeTakeFirstOrThrow()
      ).role_id;
      const username = unique('unmailed');
      const response = await broken.inject({
        method: 'POST',
        url: '/api/auth/manage/users',
        headers: { authorization: `Bearer ${token}` },
        payload: { username, email: `${username}@test.local`, msisdn: null, roles: [{ roleId }] },
      });
      expect(response.statusCode).toBe(201);
      expect(broken.services.mail.folder).toBeUndefined();
      expect((await auditRows(PASSWORD_AUDIT_ACTIONS.enrolmentSent)).at(-1)).toMatchObject({
        outcome: 'failure',
        detail: { username, reason: 'mail-failed' },
      });
    } finally {
      await broken.close();
    }
  });
});

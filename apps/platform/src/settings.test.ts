import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASES } from '@web-control/contract/runtime-config';
import { readSettings, REPO_ROOT, SettingsError, toEnvName } from './settings.ts';

it('reads FOUR_EYES as a set of areas, empty by default', () => {
  expect([...readSettings({}).fourEyes]).toEqual([]);
  expect([...readSettings({ FOUR_EYES: ' load-balancer , admin ' }).fourEyes]).toEqual([
    'load-balancer',
    'admin',
  ]);
});

describe('settings', () => {
  it('has working defaults with an empty environment', () => {
    const settings = readSettings({});
    expect(settings).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: `${REPO_ROOT}data`,
      clientName: 'Web Control Demo',
      authProvider: 'auth-server',
      hideHome: false,
      loginRateLimit: 30,
      bodyLimit: 1024 * 1024,
      financeLoadBatchRows: 20_000,
      apiBases: DEFAULT_API_BASES,
    });
    expect(settings.databaseUrl).toBeUndefined();
    expect(settings.demoPassword).toBeUndefined();
  });

  it('reads each variable, API bases included', () => {
    const settings = readSettings({
      PORT: '9000',
      HIDE_HOME: 'true',
      MONEY_TRANSFER_API: 'https://mt.example.com',
      DATABASE_URL: 'postgres://u@h/db',
      SUPPORT_URL: '',
      DATA_DIR: 'tmp/data',
      FINANCE_LOAD_BATCH_ROWS: '2000',
    });
    expect(settings.financeLoadBatchRows).toBe(2000);
    expect(settings.dataDir).toBe(`${REPO_ROOT}tmp/data`);
    expect(settings.port).toBe(9000);
    expect(settings.hideHome).toBe(true);
    expect(settings.apiBases.moneyTransferApi).toBe('https://mt.example.com');
    expect(settings.apiBases.authApi).toBe('/api/auth');
    expect(settings.databaseUrl).toBe('postgres://u@h/db');
    expect(settings.supportUrl).toBeUndefined();
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(SettingsError);
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readSettings({ AUTH_PROVIDER: 'ldap' })).toThrow(/AUTH_PROVIDER/);
    expect(() => readSettings({ FOUR_EYES: 'load-balancer,payroll' })).toThrow(
      /FOUR_EYES: must be a comma list of load-balancer, admin/,
    );
    expect(() => readSettings({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD: must be at least 12/);
    expect(() => readSettings({ DEMO_PASSWORD: 'eleven-char' })).toThrow(/DEMO_PASSWORD/);
    expect(() => readSettings({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readSettings({ DEFAULT_PATH: 'dashboard' })).toThrow(/DEFAULT_PATH/);
    expect(() => readSettings({ FINANCE_LOAD_BATCH_ROWS: '10' })).toThrow(/FINANCE_LOAD_BATCH_ROWS/);
  });

  it('reads the session lifetime, the trusted proxies and HSTS', () => {
    expect(readSettings({})).toMatchObject({ sessionMaxHours: 12, trustProxy: false, hsts: false });
    expect(readSettings({ SESSION_MAX_HOURS: '8', TRUST_PROXY: 'true', HSTS: 'true' })).toMatchObject({
      sessionMaxHours: 8,
      trustProxy: true,
      hsts: true,
    });
    expect(readSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readSettings({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toBe(
      '10.0.0.1,192.168.0.0/16',
    );
    expect(() => readSettings({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => readSettings({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
  });

  it('names API base variables after their configuration key', () => {
    expect(toEnvName('moneyTransferApi')).toBe('MONEY_TRANSFER_API');
    expect(toEnvName('loadBalancerApi')).toBe('LOAD_BALANCER_API');
  });
});

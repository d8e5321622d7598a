import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { METRICS_BATCH_SIZE } from '@web-control/contract/monitoring';
import { AUTH_PROVIDER_KINDS, DEFAULT_API_BASES, type ApiName } from '@web-control/contract/runtime-config';
import { DAY_MS, SECOND_MS } from './time.ts';
import { FOUR_EYES_AREAS, type FourEyesArea } from '@web-control/contract/reviews';

/** The repository root, three folders above this file (apps/platform/src). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PRODUCT_NAME = 'Web Control';
export const DEFAULT_CLIENT_NAME = 'Web Control Demo';
export const DEFAULT_LOGIN_RATE_LIMIT_PER_MINUTE = 30;
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_FINANCE_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;
export const DEFAULT_FINANCE_HISTORY_DAYS = 3;
/** Rows a file's load hands COPY at a time: a few MB, and the inbox's progress moves this often. */
export const DEFAULT_FINANCE_LOAD_BATCH_ROWS = 20_000;
export const DEFAULT_DEMO_BIN_ROUTING_ENTRIES = 100_000;
export const DEFAULT_MAIL_FROM = 'Web Control <no-reply@web-control.local>';
export const DEFAULT_RESET_TOKEN_TTL_MINUTES = 60;
export const DEFAULT_ENROLMENT_TOKEN_TTL_HOURS = 7 * 24;
export const DEFAULT_OIDC_SCOPES = 'openid email profile';
export const DEFAULT_SIMULATOR_SEED = 1;
export const DEFAULT_SIMULATOR_TPS = 4;
export const DEFAULT_SIMULATOR_HISTORY_HOURS = 72;
export const DEFAULT_TRANSACTION_RETENTION_DAYS = 7;
/** PCI DSS 8.2.8 asks for re-authentication after idle time; this caps a session however active. */
export const DEFAULT_SESSION_MAX_HOURS = 12;
/** PCI DSS 8.2.8: a session unused this long must sign in again (the console's own idle sign-out too). */
export const DEFAULT_SESSION_IDLE_MINUTES = 15;
/** PCI DSS 8.3.6: twelve characters, for DEMO_PASSWORD as for every password a user chooses. */
export const DEMO_PASSWORD_MIN_LENGTH = 12;

export const DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS = 10;
export const DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS = 60;
/** Answers slower than this are logged at info (the rest at debug). */
export const DEFAULT_SLOW_REQUEST_MS = 1000;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const API_NAMES = Object.keys(DEFAULT_API_BASES) as ApiName[];

/** authApi → AUTH_API, moneyTransferApi → MONEY_TRANSFER_API. */
export function toEnvName(apiName: ApiName): string {
  return apiName.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
}

/** Relative folders are taken from the repository root, whichever folder npm runs the script in. */
const folder = z
  .string()
  .trim()
  .min(1)
  .transform((value) => path.resolve(REPO_ROOT, value));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * TRUST_PROXY: false (default: the socket's address is the client), true (trust every proxy),
 * a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): boolean | number | string => {
    if (value === undefined || value === '' || value === 'false') {
      return false;
    }
    if (value === 'true') {
      return true;
    }
    if (/^\d+$/.test(value)) {
      return Number(value);
    }
    const addresses = value.split(',').map((address) => address.trim());
    if (addresses.some((address) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(address))) {
      context.addIssue({
        code: 'custom',
        message: 'must be true, false, a number of proxy hops or a comma-separated list of addresses',
      });
      return z.NEVER;
    }
    return addresses.join(',');
  });

const apiBasesSchema = z.object(
  Object.fromEntries(
    API_NAMES.map((name) => [name, z.string().trim().min(1).default(DEFAULT_API_BASES[name])]),
  ) as Record<ApiName, z.ZodDefault<z.ZodString>>,
);

export const settingsSchema = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(DEFAULT_PORT),
  host: z.string().trim().min(1).default(DEFAULT_HOST),
  databaseUrl: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL: how long opening a connection, and one statement, may take; 0 waits for ever. */
  databaseConnectTimeoutSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(DEFAULT_DATABASE_CONNECT_TIMEOUT_SECONDS),
  databaseStatementTimeoutSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(DAY_MS / SECOND_MS)
    .default(DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS),
  dataDir: folder.default(`${REPO_ROOT}data`),
  demoPassword: z
    .string()
    .min(DEMO_PASSWORD_MIN_LENGTH, `must be at least ${DEMO_PASSWORD_MIN_LENGTH} characters`)
    .optional(),
  productName: z.string().trim().min(1).default(DEFAULT_PRODUCT_NAME),
  clientName: z.string().trim().min(1).default(DEFAULT_CLIENT_NAME),
  supportUrl: optionalText,
  userGuideUrl: optionalText,
  documentationUrl: optionalText,
  defaultPath: optionalText.pipe(z.string().startsWith('/', 'must start with /').optional()),
  hideHome: booleanFlag,
  /** FOUR_EYES: the areas whose direct changes become requests another user must approve. */
  fourEyes: z
    .string()
    .optional()
    .transform((value, context) => {
      const areas = (value ?? '')
        .split(',')
        .map((area) => area.trim())
        .filter((area) => area !== '');
      const unknown = areas.filter((area) => !(FOUR_EYES_AREAS as readonly string[]).includes(area));
      if (unknown.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must be a comma list of ${FOUR_EYES_AREAS.join(', ')}`,
        });
        return z.NEVER;
      }
      return new Set(areas as FourEyesArea[]);
    }),
  authProvider: z.enum(AUTH_PROVIDER_KINDS).default('auth-server'),
  apiBases: apiBasesSchema,
  consoleDist: folder.default(`${REPO_ROOT}apps/console/dist`),
  loginRateLimit: z.coerce.number().int().min(1).default(DEFAULT_LOGIN_RATE_LIMIT_PER_MINUTE),
  bodyLimit: z.coerce.number().int().min(1024).default(DEFAULT_BODY_LIMIT_BYTES),
  /** The largest finance file an upload may carry (its body streams past BODY_LIMIT). */
  financeUploadMaxBytes: z.coerce.number().int().min(1024).default(DEFAULT_FINANCE_UPLOAD_MAX_BYTES),
  financeLoadBatchRows: z.coerce
    .number()
    .int()
    .min(100)
    .max(1_000_000)
    .default(DEFAULT_FINANCE_LOAD_BATCH_ROWS),
  /** Days of demo feed files the first start writes (in the background, after the port is served). */
  financeHistoryDays: z.coerce.number().int().min(0).max(31).default(DEFAULT_FINANCE_HISTORY_DAYS),
  /** Entries of the demo BIN routing map the first start writes (browser tests take fewer). */
  demoBinRoutingEntries: z.coerce
    .number()
    .int()
    .min(1)
    .max(800_000)
    .default(DEFAULT_DEMO_BIN_ROUTING_ENTRIES),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  slowRequestMs: z.coerce.number().int().min(0).default(DEFAULT_SLOW_REQUEST_MS),
  /** A refresh-token family (one sign-in) is refused once it is older than this. */
  sessionMaxHours: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(DEFAULT_SESSION_MAX_HOURS),
  /** A refresh after this long without an authenticated request is refused and the session revoked. */
  sessionIdleMinutes: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  /** Fastify's trustProxy: whose X-Forwarded-For to believe for the client address. */
  trustProxy: trustProxySchema,
  /** Strict-Transport-Security on every answer: only where this server terminates TLS itself. */
  hsts: booleanFlag,
  smtpUrl: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  mailFrom: z.string().trim().min(1).default(DEFAULT_MAIL_FROM),
  /** The address links in e-mails point at; http://HOST:PORT when unset. */
  publicUrl: optionalText.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  ),
  resetTokenTtlMinutes: z.coerce.number().int().min(1).default(DEFAULT_RESET_TOKEN_TTL_MINUTES),
  enrolmentTokenTtlHours: z.coerce.number().int().min(1).default(DEFAULT_ENROLMENT_TOKEN_TTL_HOURS),
  // Single sign-on (AUTH_PROVIDER=identity-provider): the OpenID Connect issuer and this client.
  oidcIssuer: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  oidcClientId: optionalText,
  oidcClientSecret: optionalText,
  /** The bearer token `/metrics` asks of scrapers that are not on this host; none: loopback only. */
  metricsToken: optionalText,
  oidcScopes: z
    .string()
    .trim()
    .default(DEFAULT_OIDC_SCOPES)
    .refine((scopes) => scopes.split(/\s+/).includes('openid'), 'must include openid'),
  identityProviderName: optionalText,
  companyIdentityProvider: optionalText,
  companyDomain: optionalText,
  /** The traffic simulator (demo and tests); off when the console points at a real switch. */
  simulator: z.enum(['on', 'off']).default('on'),
  simulatorSeed: z.coerce.number().int().min(0).max(4_294_967_295).default(DEFAULT_SIMULATOR_SEED),
  simulatorTps: z.coerce.number().positive().max(10_000).default(DEFAULT_SIMULATOR_TPS),
  /** Metric history written when there is none (the 'Last 3 days' graphs); 0 writes none. */
  simulatorHistoryHours: z.coerce.number().int().min(0).max(96).default(DEFAULT_SIMULATOR_HISTORY_HOURS),
  /** The most metric points one monitoring answer holds (206 when more remain). */
  metricsBatchSize: z.coerce.number().int().min(1).max(100_000).default(METRICS_BATCH_SIZE),
  /** Transactions (and their messages) older than this are deleted, hourly. */
  transactionRetentionDays: z.coerce
    .number()
    .int()
    .min(1)
    .max(3660)
    .default(DEFAULT_TRANSACTION_RETENTION_DAYS),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

/** Names of the environment variables, one per setting; API bases come from toEnvName. */
const ENV_NAMES = {
  port: 'PORT',
  host: 'HOST',
  databaseUrl: 'DATABASE_URL',
  databaseConnectTimeoutSeconds: 'DATABASE_CONNECT_TIMEOUT_SECONDS',
  databaseStatementTimeoutSeconds: 'DATABASE_STATEMENT_TIMEOUT_SECONDS',
  dataDir: 'DATA_DIR',
  demoPassword: 'DEMO_PASSWORD',
  productName: 'PRODUCT_NAME',
  clientName: 'CLIENT_NAME',
  supportUrl: 'SUPPORT_URL',
  userGuideUrl: 'USER_GUIDE_URL',
  documentationUrl: 'DOCUMENTATION_URL',
  defaultPath: 'DEFAULT_PATH',
  hideHome: 'HIDE_HOME',
  fourEyes: 'FOUR_EYES',
  authProvider: 'AUTH_PROVIDER',
  consoleDist: 'CONSOLE_DIST',
  loginRateLimit: 'LOGIN_RATE_LIMIT',
  bodyLimit: 'BODY_LIMIT',
  financeUploadMaxBytes: 'FINANCE_UPLOAD_MAX_BYTES',
  financeLoadBatchRows: 'FINANCE_LOAD_BATCH_ROWS',
  financeHistoryDays: 'FINANCE_HISTORY_DAYS',
  demoBinRoutingEntries: 'DEMO_BIN_ROUTING_ENTRIES',
  logLevel: 'LOG_LEVEL',
  slowRequestMs: 'SLOW_REQUEST_MS',
  sessionMaxHours: 'SESSION_MAX_HOURS',
  sessionIdleMinutes: 'SESSION_IDLE_MINUTES',
  trustProxy: 'TRUST_PROXY',
  hsts: 'HSTS',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  publicUrl: 'PUBLIC_URL',
  resetTokenTtlMinutes: 'RESET_TOKEN_TTL_MINUTES',
  enrolmentTokenTtlHours: 'ENROLMENT_TOKEN_TTL_HOURS',
  oidcIssuer: 'OIDC_ISSUER',
  oidcClientId: 'OIDC_CLIENT_ID',
  oidcClientSecret: 'OIDC_CLIENT_SECRET',
  metricsToken: 'METRICS_TOKEN',
  oidcScopes: 'OIDC_SCOPES',
  identityProviderName: 'IDENTITY_PROVIDER_NAME',
  companyIdentityProvider: 'COMPANY_IDENTITY_PROVIDER',
  companyDomain: 'COMPANY_DOMAIN',
  simulator: 'SIMULATOR',
  simulatorSeed: 'SIMULATOR_SEED',
  simulatorTps: 'SIMULATOR_TPS',
  simulatorHistoryHours: 'SIMULATOR_HISTORY_HOURS',
  transactionRetentionDays: 'TRANSACTION_RETENTION_DAYS',
  metricsBatchSize: 'METRICS_BATCH_SIZE',
} as const satisfies Record<Exclude<keyof Settings, 'apiBases'>, string>;

export class SettingsError extends Error {
  override name = 'SettingsError';
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** Reads the settings from the environment (plus overrides); a bad value throws a SettingsError naming the variable. */
export function readSettings(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<SettingsInput> = {},
): Settings {
  const fromEnv: Record<string, unknown> = {};
  for (const [key, envName] of Object.entries(ENV_NAMES)) {
    fromEnv[key] = emptyToUndefined(env[envName]);
  }
  const apiBases: Record<string, string | undefined> = {};
  for (const name of API_NAMES) {
    apiBases[name] = emptyToUndefined(env[toEnvName(name)]);
  }
  const input = {
    ...fromEnv,
    apiBases: { ...apiBases, ...overrides.apiBases },
    ...withoutApiBases(overrides),
  };
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const [first, second] = issue.path;
      const envName =
        first === 'apiBases' && typeof second === 'string'
          ? toEnvName(second as ApiName)
          : typeof first === 'string' && first in ENV_NAMES
            ? ENV_NAMES[first as keyof typeof ENV_NAMES]
            : String(first);
      return `${envName}: ${issue.message}`;
    });
    throw new SettingsError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  requireIdentityProviderSettings(parsed.data);
  return parsed.data;
}

/** Single sign-on can't start without knowing the issuer and this client's id at it. */
function requireIdentityProviderSettings(settings: Settings): void {
  if (settings.authProvider !== 'identity-provider') {
    return;
  }
  const missing = [
    settings.oidcIssuer === undefined ? ENV_NAMES.oidcIssuer : undefined,
    settings.oidcClientId === undefined ? ENV_NAMES.oidcClientId : undefined,
  ].filter((name) => name !== undefined);
  if (missing.length > 0) {
    throw new SettingsError(
      `Invalid configuration:\n  ${missing.map((name) => `${name}: required when AUTH_PROVIDER is identity-provider`).join('\n  ')}`,
    );
  }
}

function withoutApiBases(overrides: Partial<SettingsInput>): Partial<SettingsInput> {
  const copy = { ...overrides };
  delete copy.apiBases;
  return copy;
}

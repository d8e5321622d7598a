import { SSO_DOMAIN_HINT_PARAM, SSO_PROVIDER_HINT_PARAM } from '@web-control/contract/sso';
import { z } from 'zod';

/** What the login page keeps under each state value while the browser is at the provider. */
export const SSO_ENTRY_KEY_PREFIX = 'webControl.sso.';
/** Set once the company's own provider and domain hints were used: later logins add them. */
export const SSO_COMPANY_HINTS_KEY = 'webControl.ssoCompanyHints';
/** Entries of sign-ins never finished are dropped after a day. */
export const SSO_ENTRY_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const STATE_BYTES = 32;

/** Query parameters of /login that belong to the console or to the provider's answer, never extras. */
const NOT_EXTRAS = new Set([
  'from',
  'code',
  'state',
  'iss',
  'error',
  'error_description',
  'error_uri',
  'session_state',
  'redirectUri',
]);

const entrySchema = z.object({ from: z.string().optional(), createdAt: z.number() });
export type SsoEntry = z.infer<typeof entrySchema>;

export interface CompanyHints {
  companyIdentityProvider?: string | undefined;
  companyDomain?: string | undefined;
}

/** 32 random bytes, base64url: what the console sends as state and finds its entry by. */
export function createSsoState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(STATE_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The redirect URI the platform accepts: this console's /login on the same origin and port. */
export function loginRedirectUri(): string {
  return `${window.location.origin}/login`;
}

function pruneOldEntries(now: number): void {
  for (let index = localStorage.length - 1; index >= 0; index -= 1) {
    const key = localStorage.key(index);
    if (key === null || !key.startsWith(SSO_ENTRY_KEY_PREFIX)) continue;
    const entry = readEntry(key);
    if (entry === undefined || now - entry.createdAt > SSO_ENTRY_MAX_AGE_MS) localStorage.removeItem(key);
  }
}

function readEntry(key: string): SsoEntry | undefined {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(localStorage.getItem(key) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the page to return to under the state value. */
export function storeSsoEntry(state: string, from: string | undefined, now = Date.now()): void {
  pruneOldEntries(now);
  const entry: SsoEntry = { createdAt: now, ...(from === undefined ? {} : { from }) };
  localStorage.setItem(`${SSO_ENTRY_KEY_PREFIX}${state}`, JSON.stringify(entry));
}

/** Reads and removes the entry of a returning state; undefined when this browser never started it. */
export function takeSsoEntry(state: string): SsoEntry | undefined {
  const key = `${SSO_ENTRY_KEY_PREFIX}${state}`;
  const entry = readEntry(key);
  localStorage.removeItem(key);
  return entry;
}

export function hasCompanyHintsFlag(): boolean {
  return localStorage.getItem(SSO_COMPANY_HINTS_KEY) !== null;
}

export function clearCompanyHintsFlag(): void {
  localStorage.removeItem(SSO_COMPANY_HINTS_KEY);
}

/**
 * The extra parameters for the provider: those of the current URL, remembering when they name the
 * company's own provider and domain, and adding those two when remembered and none were given.
 */
export function prepareExtraParameters(
  search: URLSearchParams,
  company: CompanyHints,
): Record<string, string> {
  const extras: Record<string, string> = {};
  for (const [name, value] of search) {
    if (!NOT_EXTRAS.has(name)) extras[name] = value;
  }
  const { companyIdentityProvider, companyDomain } = company;
  if (companyIdentityProvider === undefined || companyDomain === undefined) return extras;

  const providerHint = extras[SSO_PROVIDER_HINT_PARAM];
  const domainHint = extras[SSO_DOMAIN_HINT_PARAM];
  if (providerHint === companyIdentityProvider && domainHint === companyDomain) {
    localStorage.setItem(SSO_COMPANY_HINTS_KEY, 'true');
  } else if (providerHint === undefined && domainHint === undefined && hasCompanyHintsFlag()) {
    extras[SSO_PROVIDER_HINT_PARAM] = companyIdentityProvider;
    extras[SSO_DOMAIN_HINT_PARAM] = companyDomain;
  }
  return extras;
}

/** What the provider's answer on /login says. */
export type SsoReturn =
  | { kind: 'none' }
  | { kind: 'code'; code: string; state: string | null; iss: string | null }
  | { kind: 'error'; state: string | null };

export function readSsoReturn(search: URLSearchParams): SsoReturn {
  const code = search.get('code');
  const state = search.get('state');
  if (code !== null) return { kind: 'code', code, state, iss: search.get('iss') };
  if (search.has('error')) return { kind: 'error', state };
  return { kind: 'none' };
}

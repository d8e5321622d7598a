import { afterEach, describe, expect, it } from 'vitest';
import {
  clearCompanyHintsFlag,
  createSsoState,
  hasCompanyHintsFlag,
  prepareExtraParameters,
  readSsoReturn,
  SSO_COMPANY_HINTS_KEY,
  SSO_ENTRY_KEY_PREFIX,
  SSO_ENTRY_MAX_AGE_MS,
  storeSsoEntry,
  takeSsoEntry,
} from './sso-state';

const COMPANY = { companyIdentityProvider: 'corp-idp', companyDomain: 'bank.example' };

describe('single sign-on state', () => {
  afterEach(() => localStorage.clear());

  it('creates a random, URL-safe state of 43 characters', () => {
    const first = createSsoState();
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(createSsoState()).not.toBe(first);
  });

  it('stores the page to return to under the state, and gives it back once', () => {
    storeSsoEntry('state-one', '/dashboard/transactions', 1_000);
    storeSsoEntry('state-two', undefined, 1_000);
    expect(takeSsoEntry('state-one')).toEqual({ from: '/dashboard/transactions', createdAt: 1_000 });
    expect(takeSsoEntry('state-one')).toBeUndefined();
    expect(takeSsoEntry('state-two')).toEqual({ createdAt: 1_000 });
    expect(takeSsoEntry('never-stored')).toBeUndefined();
  });

  it('ignores an entry that is not ours and drops entries older than a day', () => {
    localStorage.setItem(`${SSO_ENTRY_KEY_PREFIX}garbled`, '{not json');
    expect(takeSsoEntry('garbled')).toBeUndefined();
    storeSsoEntry('old', '/dashboard/home', 0);
    storeSsoEntry('new', '/dashboard/home', SSO_ENTRY_MAX_AGE_MS + 1);
    expect(localStorage.getItem(`${SSO_ENTRY_KEY_PREFIX}old`)).toBeNull();
    expect(takeSsoEntry('new')).toBeDefined();
  });

  it('passes the query on as extras, leaving out what belongs to the console and the answer', () => {
    const search = new URLSearchParams('from=/x&login_hint=jo&code=c&state=s&iss=i&error=e&prompt=login');
    expect(prepareExtraParameters(search, {})).toEqual({ login_hint: 'jo', prompt: 'login' });
  });

  it('remembers the company hints and adds them to later logins', () => {
    expect(prepareExtraParameters(new URLSearchParams(), COMPANY)).toEqual({});
    expect(hasCompanyHintsFlag()).toBe(false);

    const hinted = new URLSearchParams('idp_hint=corp-idp&domain_hint=bank.example');
    expect(prepareExtraParameters(hinted, COMPANY)).toEqual({
      idp_hint: 'corp-idp',
      domain_hint: 'bank.example',
    });
    expect(localStorage.getItem(SSO_COMPANY_HINTS_KEY)).toBe('true');

    expect(prepareExtraParameters(new URLSearchParams('login_hint=jo'), COMPANY)).toEqual({
      login_hint: 'jo',
      idp_hint: 'corp-idp',
      domain_hint: 'bank.example',
    });
    // Hints the user gave win over the remembered ones.
    expect(prepareExtraParameters(new URLSearchParams('idp_hint=other'), COMPANY)).toEqual({
      idp_hint: 'other',
    });

    clearCompanyHintsFlag();
    expect(prepareExtraParameters(new URLSearchParams(), COMPANY)).toEqual({});
  });

  it('does not remember hints of another provider or domain, nor without a configured company', () => {
    prepareExtraParameters(new URLSearchParams('idp_hint=corp-idp&domain_hint=elsewhere.example'), COMPANY);
    expect(hasCompanyHintsFlag()).toBe(false);
    prepareExtraParameters(new URLSearchParams('idp_hint=corp-idp&domain_hint=bank.example'), {});
    expect(hasCompanyHintsFlag()).toBe(false);
  });

  it('reads the provider’s answer from the query', () => {
    expect(readSsoReturn(new URLSearchParams('from=/x'))).toEqual({ kind: 'none' });
    expect(readSsoReturn(new URLSearchParams('code=c&state=s&iss=https://idp'))).toEqual({
      kind: 'code',
      code: 'c',
      state: 's',
      iss: 'https://idp',
    });
    expect(readSsoReturn(new URLSearchParams('error=access_denied&state=s'))).toEqual({
      kind: 'error',
      state: 's',
    });
  });
});

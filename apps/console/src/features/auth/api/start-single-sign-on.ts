import { buildUrl } from '../../../shared/http/http-client';
import { getApiBase } from '../../../shared/runtime-config';

export interface SingleSignOnQuery {
  redirectUri: string;
  state: string;
  /** Passed on to the identity provider (login_hint, domain_hint, …). */
  extras: Record<string, string>;
}

/** `{auth}/login/auth?redirectUri=…&state=…&<extras>`: the platform redirects on to the provider. */
export function buildSingleSignOnUrl(query: SingleSignOnQuery): string {
  return buildUrl(getApiBase('authApi'), '/login/auth', {
    ...query.extras,
    redirectUri: query.redirectUri,
    state: query.state,
  });
}

/** A browser redirect, not a fetch: the provider's sign-in page takes over the window. */
export function startSingleSignOn(query: SingleSignOnQuery): void {
  window.location.assign(buildSingleSignOnUrl(query));
}

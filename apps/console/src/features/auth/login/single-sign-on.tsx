import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorMessageOf } from '../../../shared/http/error-message';
import { getDefaultPath, getRuntimeConfig } from '../../../shared/runtime-config';
import { signInWithPair } from '../../../shared/session/session';
import { takeSignedOutMarker } from '../../../shared/session/token-storage';
import { useExchangeSsoCode } from '../api/exchange-sso-code';
import { startSingleSignOn } from '../api/start-single-sign-on';
import {
  clearCompanyHintsFlag,
  createSsoState,
  loginRedirectUri,
  prepareExtraParameters,
  readSsoReturn,
  storeSsoEntry,
  takeSsoEntry,
  type CompanyHints,
} from './sso-state';

export const DEFAULT_IDENTITY_PROVIDER_NAME = 'your identity provider';
export const SSO_EXCHANGING_TEXT = 'Signing you in…';
export const SSO_UNAVAILABLE = 'Signing in is not possible right now. Please try again or contact support.';
export const SSO_PROVIDER_ERROR = 'The sign-in at the identity provider did not complete. Please try again.';

export function signInButtonLabel(providerName: string | undefined): string {
  return `Sign in with ${providerName ?? DEFAULT_IDENTITY_PROVIDER_NAME}`;
}

/** Off to the provider: a fresh state, the page to return to kept under it, the extras passed on. */
function redirectToProvider(from: string | undefined, search: string, company: CompanyHints): void {
  const state = createSsoState();
  storeSsoEntry(state, from);
  const extras = prepareExtraParameters(new URLSearchParams(search), company);
  startSingleSignOn({ redirectUri: loginRedirectUri(), state, extras });
}

interface SingleSignOnProps {
  /** The console page to land on afterwards, already checked to be one of ours. */
  from: string | undefined;
  /** A signed-in user sent here (not permitted) is not bounced to the provider and back. */
  isAuthenticated: boolean;
}

/**
 * Sign-in through the external identity provider: redirects at once unless the provider's answer
 * is in the query, and exchanges a returned code for the platform's tokens.
 */
export function SingleSignOn({ from, isAuthenticated }: SingleSignOnProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const exchange = useExchangeSsoCode();
  const { mutate } = exchange;
  const config = getRuntimeConfig();
  const companyIdentityProvider = config?.companyIdentityProvider;
  const companyDomain = config?.companyDomain;
  /** The location already handled: Strict Mode runs effects twice, a returned code may be spent once. */
  const handledLocation = useRef<string | null>(null);
  const answer = readSsoReturn(new URLSearchParams(location.search));

  useEffect(() => {
    if (handledLocation.current === location.key) return;
    handledLocation.current = location.key;
    const returned = readSsoReturn(new URLSearchParams(location.search));
    if (returned.kind === 'none') {
      // After a logout the user chooses when to sign in again (the provider may still know them).
      if (!isAuthenticated && !takeSignedOutMarker()) {
        redirectToProvider(from, location.search, { companyIdentityProvider, companyDomain });
      }
      return;
    }
    const entry = returned.state === null ? undefined : takeSsoEntry(returned.state);
    if (entry === undefined) {
      // Not a sign-in this browser started: forget the remembered hints and start over.
      clearCompanyHintsFlag();
      void navigate('/login', { replace: true });
      return;
    }
    if (returned.kind === 'code' && returned.state !== null) {
      mutate(
        {
          redirectUri: loginRedirectUri(),
          code: returned.code,
          state: returned.state,
          ...(returned.iss === null ? {} : { iss: returned.iss }),
        },
        {
          onSuccess: (pair) => {
            void signInWithPair(pair.access_token, pair.refresh_token).then(() =>
              navigate(entry.from ?? getDefaultPath(), { replace: true }),
            );
          },
        },
      );
    }
  }, [
    location.key,
    location.search,
    isAuthenticated,
    from,
    companyIdentityProvider,
    companyDomain,
    navigate,
    mutate,
  ]);

  return (
    <Stack>
      {exchange.isPending ? (
        <Group justify="center" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text>{SSO_EXCHANGING_TEXT}</Text>
        </Group>
      ) : null}
      {exchange.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(exchange.error, SSO_UNAVAILABLE)}
        </Alert>
      ) : null}
      {answer.kind === 'error' ? (
        <Alert color="red" role="alert">
          {SSO_PROVIDER_ERROR}
        </Alert>
      ) : null}
      <Button
        onClick={() => redirectToProvider(from, location.search, { companyIdentityProvider, companyDomain })}
        disabled={exchange.isPending || exchange.isSuccess}
      >
        {signInButtonLabel(config?.identityProviderName)}
      </Button>
    </Stack>
  );
}

import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema, type TokenPair } from '@web-control/contract/auth';
import type { SsoTokenRequest } from '@web-control/contract/sso';
import { request } from '../../../shared/http/http-client';

/** Trades the code the identity provider returned for the platform's token pair. */
export function exchangeSsoCode(body: SsoTokenRequest): Promise<TokenPair> {
  return request({
    api: 'authApi',
    anonymous: true,
    path: '/login/token',
    method: 'POST',
    body,
    schema: tokenPairSchema,
  });
}

export function useExchangeSsoCode() {
  return useMutation({ mutationFn: exchangeSsoCode });
}

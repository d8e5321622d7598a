import { useMutation } from '@tanstack/react-query';
import { tokenPairSchema, type LoginRequest, type TokenPair } from '@web-control/contract/auth';
import { request } from '../../../shared/http/http-client';

export function login(credentials: LoginRequest): Promise<TokenPair> {
  return request({
    api: 'authApi',
    anonymous: true,
    path: '/login',
    method: 'POST',
    body: credentials,
    schema: tokenPairSchema,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

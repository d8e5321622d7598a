import { useMutation } from '@tanstack/react-query';
import { requestWithoutResult } from '../../../shared/http/http-client';

export function logout(refreshToken: string): Promise<void> {
  return requestWithoutResult({
    api: 'authApi',
    anonymous: true,
    path: '/logout',
    method: 'POST',
    body: { refresh_token: refreshToken },
  });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}

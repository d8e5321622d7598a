import { useMutation } from '@tanstack/react-query';
import { requestWithoutResult } from '../../../shared/http/http-client';

export function requestPasswordReset(email: string): Promise<void> {
  return requestWithoutResult({
    api: 'authApi',
    anonymous: true,
    path: '/manage/users/forgot',
    method: 'POST',
    body: { email },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

import { useMutation } from '@tanstack/react-query';
import { setPasswordResponseSchema } from '@web-control/contract/passwords';
import { request } from '../../../shared/http/http-client';

/** Reset and enrolment alike: the token of the e-mailed link sets the password. */
export async function setPassword(token: string, password: string): Promise<string> {
  const { username } = await request({
    api: 'authApi',
    anonymous: true,
    path: `/manage/users/reset/${encodeURIComponent(token)}`,
    method: 'POST',
    body: { password },
    schema: setPasswordResponseSchema,
  });
  return username;
}

export function useSetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => setPassword(token, password),
  });
}

import { loginRequestSchema, type LoginRequest } from '@web-control/contract/auth';

export type LoginField = keyof LoginRequest;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;

export type LoginCheck =
  | { valid: true; request: LoginRequest; errors: LoginFieldErrors }
  | { valid: false; errors: LoginFieldErrors };

/** The login form's values checked by the login request's own schema: each field's first message. */
export function checkLogin(values: LoginRequest): LoginCheck {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { valid: true, request: result.data, errors: {} };
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { valid: false, errors };
}

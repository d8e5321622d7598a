import { z } from 'zod';

/** What other pages may pass to /login in navigation state. */
const loginStateSchema = z.object({
  message: z.string().optional(),
  username: z.string().optional(),
  from: z.string().optional(),
});
export type LoginState = z.infer<typeof loginStateSchema>;

export function readLoginState(state: unknown): LoginState {
  const parsed = loginStateSchema.safeParse(state);
  return parsed.success ? parsed.data : {};
}

/** Only a path of this console is a place to return to, never another site. */
export function safeReturnPath(candidate: string | null | undefined): string | undefined {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//')) return undefined;
  if (candidate === '/login' || candidate.startsWith('/login?')) return undefined;
  return candidate;
}

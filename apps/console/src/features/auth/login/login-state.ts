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

const OWN_ORIGIN = 'https://console.invalid';

/**
 * Only a path of this console is a place to return to, never another site. Read as the browser
 * reads it: `/\evil.example` or a tab inside `//` leads to another site as surely as `//evil.example`.
 */
export function safeReturnPath(candidate: string | null | undefined): string | undefined {
  if (!candidate?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, OWN_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname === '/login') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

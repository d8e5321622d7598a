import { useRef } from 'react';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_KEY_HEADER]: key };
}

/**
 * One key per request a form makes: sending the same body again (a retry after a timeout or a
 * failure) reuses its key, so the platform runs it at most once; a changed body gets a new key,
 * since the platform refuses a key reused for another request (422).
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return last.current.key;
  };
}

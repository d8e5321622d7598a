import { useState } from 'react';
import { HttpError } from './http-error';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * Idempotency keys for one form or action. A send that got no answer (a timeout, a dropped
 * connection) may have run on the platform, so sending the same request again reuses its key and
 * the platform replays the first result. Any answer, or a different request, takes a new key:
 * the platform refuses a key reused with another body.
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let pending: { fingerprint: string; key: string } | null = null;
  return async function send<T>(request: unknown, run: (key: string) => Promise<T>): Promise<T> {
    const fingerprint = JSON.stringify(request);
    const key = pending?.fingerprint === fingerprint ? pending.key : newKey();
    pending = { fingerprint, key };
    try {
      const result = await run(key);
      pending = null;
      return result;
    } catch (error) {
      if (error instanceof HttpError) pending = null;
      throw error;
    }
  };
}

export type IdempotentSend = ReturnType<typeof createIdempotencyKeys>;

export function idempotencyHeader(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/** The idempotency keys of one component's mutation: a retry of an unanswered send replays it. */
export function useIdempotentSend(): IdempotentSend {
  return useState(() => createIdempotencyKeys())[0];
}

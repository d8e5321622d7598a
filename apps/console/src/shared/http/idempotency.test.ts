import { describe, expect, it } from 'vitest';
import { HttpError, HttpTimeoutError } from './http-error';
import { createIdempotencyKeys } from './idempotency';

function counter() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('idempotency keys of one form', () => {
  it('reuses the key when the same request got no answer, so a retry replays', async () => {
    const send = createIdempotencyKeys(counter());
    const keys: string[] = [];
    await expect(
      send({ comment: 'a' }, (key) => {
        keys.push(key);
        return Promise.reject(new HttpTimeoutError());
      }),
    ).rejects.toThrow();
    await send({ comment: 'a' }, (key) => {
      keys.push(key);
      return Promise.resolve();
    });
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('takes a new key after any answer and for a changed request', async () => {
    const send = createIdempotencyKeys(counter());
    const keys: string[] = [];
    const record = (key: string) => {
      keys.push(key);
      return Promise.resolve();
    };
    await send({ comment: 'a' }, record);
    await send({ comment: 'a' }, record);
    await expect(
      send({ comment: 'a' }, (key) => {
        keys.push(key);
        return Promise.reject(new HttpError(409, undefined));
      }),
    ).rejects.toThrow();
    await send({ comment: 'a' }, record);
    await expect(
      send({ comment: 'b' }, (key) => {
        keys.push(key);
        return Promise.reject(new TypeError('Failed to fetch'));
      }),
    ).rejects.toThrow();
    await send({ comment: 'c' }, record);
    expect(keys).toEqual(['key-1', 'key-2', 'key-3', 'key-4', 'key-5', 'key-6']);
  });
});

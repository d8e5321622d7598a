import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idempotencyHeaders, useIdempotencyKey } from './idempotency-key';

describe('idempotency key', () => {
  it('keeps the key while the body is the same and mints a new one when it changes', () => {
    const { result, rerender } = renderHook(() => useIdempotencyKey());
    const first = result.current({ comment: 'fraud check' });
    rerender();
    expect(result.current({ comment: 'fraud check' })).toBe(first);
    const second = result.current({ comment: 'fraud check, ticket 12' });
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyHeaders(second)).toEqual({ 'Idempotency-Key': second });
  });
});

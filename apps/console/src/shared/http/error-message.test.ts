import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './error-message';
import { HttpError, HttpTimeoutError } from './http-error';

describe('errorMessageOf', () => {
  it("gives the platform's errorMessage when the answer carried the error body", () => {
    const error = new HttpError(409, { errorMessage: 'A user named "jo" already exists', code: 'CONFLICT' });
    expect(errorMessageOf(error, 'fallback')).toBe('A user named "jo" already exists');
  });

  it('gives the fallback for an answer without the error body', () => {
    expect(errorMessageOf(new HttpError(502, undefined), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new HttpError(500, 'Bad Gateway'), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new HttpError(400, { message: 'not ours' }), 'fallback')).toBe('fallback');
  });

  it('gives the fallback for failures that are not answers, and may fall back to null', () => {
    expect(errorMessageOf(new HttpTimeoutError(), 'fallback')).toBe('fallback');
    expect(errorMessageOf(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(errorMessageOf('thrown text', null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  errorMessageOf,
  isConflict,
  refusalText,
  refusedFieldsOf,
  saidAtFields,
  statusOf,
} from './error-message';
import { HttpError, HttpTimeoutError } from './http-error';

const CATALOGUE = (status: number | undefined) =>
  `Could not retrieve vouchers${status === undefined ? '' : ` (${status})`}. Contact support if this persists.`;

describe('errorMessageOf', () => {
  it("gives the platform's errorMessage for a 4xx that carried the error body", () => {
    const error = new HttpError(409, { errorMessage: 'A user named "jo" already exists', code: 'CONFLICT' });
    expect(errorMessageOf(error, 'fallback')).toBe('A user named "jo" already exists');
  });

  it("gives a validation refusal's field messages, not its summary of wire names", () => {
    const error = new HttpError(400, {
      errorMessage: 'Invalid request: toDatetime: The "Date created to" day must not be before…',
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'toDatetime', message: 'The end is before the start.' }],
    });
    expect(errorMessageOf(error, 'fallback')).toBe('The end is before the start.');
  });

  it('gives the fallback for a 5xx even with an error body: the operator can change nothing', () => {
    const error = new HttpError(500, { errorMessage: 'Internal server error', code: 'INTERNAL_ERROR' });
    expect(errorMessageOf(error, 'fallback')).toBe('fallback');
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

describe('refusalText', () => {
  it("shows a 4xx's reason instead of the catalogue's contact-support text", () => {
    const error = new HttpError(409, {
      errorMessage: "A mapping with key '200000' already exists.",
      code: 'CONFLICT',
    });
    expect(refusalText(error, CATALOGUE)).toBe("A mapping with key '200000' already exists.");
  });

  it("shows the catalogue's text with the status for a 5xx, and without it when no answer came", () => {
    const error = new HttpError(503, { errorMessage: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' });
    expect(refusalText(error, CATALOGUE)).toBe(
      'Could not retrieve vouchers (503). Contact support if this persists.',
    );
    expect(refusalText(new TypeError('Failed to fetch'), CATALOGUE)).toBe(
      'Could not retrieve vouchers. Contact support if this persists.',
    );
  });
});

describe('statusOf and isConflict', () => {
  it('read the status of an answer, and nothing of other failures', () => {
    expect(statusOf(new HttpError(404, undefined))).toBe(404);
    expect(statusOf(new HttpTimeoutError())).toBeUndefined();
    expect(isConflict(new HttpError(409, undefined))).toBe(true);
    expect(isConflict(new HttpError(400, undefined))).toBe(false);
  });
});

describe('refusedFieldsOf and saidAtFields', () => {
  const taken = (details: unknown) =>
    new HttpError(409, { errorMessage: 'A map with id x already exists.', code: 'CONFLICT', details });

  it('reads the body fields a refusal names, and no query or path field', () => {
    const error = taken([
      { location: 'body', field: 'id', message: 'Taken' },
      { location: 'querystring', field: 'limit', message: 'Too large' },
    ]);
    expect(refusedFieldsOf(error)).toEqual([{ field: 'id', message: 'Taken' }]);
    expect(refusedFieldsOf(taken({ current: 'v1' })), 'a stale edit’s details name no field').toEqual([]);
    expect(refusedFieldsOf(new HttpError(502, undefined))).toEqual([]);
  });

  it('says a refusal at a form’s fields only when the form shows every field it names', () => {
    const both = taken([
      { location: 'body', field: 'id', message: 'Taken' },
      { location: 'body', field: 'owner', message: 'Unknown' },
    ]);
    expect(saidAtFields(both, ['id', 'name'])).toBe(false);
    expect(saidAtFields(both, ['id', 'owner'])).toBe(true);
    expect(saidAtFields(taken(undefined), ['id'])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { jobSuccessOf } from './finance.ts';

describe('job success', () => {
  it('is pending while the job has never run, whatever the successful runtime says', () => {
    expect(jobSuccessOf({ lastRuntime: null, lastSuccessfulRuntime: null })).toBe('Pending');
    expect(jobSuccessOf({ lastRuntime: null, lastSuccessfulRuntime: '2026-02-03T14:05:00.000Z' })).toBe(
      'Pending',
    );
  });

  it('is successful when the last run is the last successful run, in any offset notation', () => {
    expect(
      jobSuccessOf({
        lastRuntime: '2026-02-03T14:05:00.000Z',
        lastSuccessfulRuntime: '2026-02-03T14:05:00.000Z',
      }),
    ).toBe('Successful');
    expect(
      jobSuccessOf({
        lastRuntime: '2026-02-03T15:05:00+01:00',
        lastSuccessfulRuntime: '2026-02-03T14:05:00Z',
      }),
    ).toBe('Successful');
  });

  it('is unsuccessful when the last run is not the last successful one or none succeeded', () => {
    expect(
      jobSuccessOf({
        lastRuntime: '2026-02-03T14:05:00.000Z',
        lastSuccessfulRuntime: '2026-02-03T14:00:00.000Z',
      }),
    ).toBe('Unsuccessful');
    expect(jobSuccessOf({ lastRuntime: '2026-02-03T14:05:00.000Z', lastSuccessfulRuntime: null })).toBe(
      'Unsuccessful',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { versionSentenceOf } from './version-sentence';

// Built in local time: the console shows dates in the browser's zone.
const EARLIER = new Date(2026, 1, 3, 14, 5, 9).toISOString();
const LATER = new Date(2026, 1, 4, 9, 30, 0).toISOString();

describe('the submitted or applied sentence', () => {
  it('says changes are submitted when the latest submission is later than the applied version', () => {
    expect(
      versionSentenceOf({
        latestSubmittedVersion: { timeSubmitted: LATER },
        appliedVersion: { timeApproved: EARLIER },
      }),
    ).toBe("Changes submitted for approval on Wed 4th Feb '26 09:30:00");
  });

  it('says changes are applied when the applied version is the later one', () => {
    expect(
      versionSentenceOf({
        latestSubmittedVersion: { timeSubmitted: EARLIER },
        appliedVersion: { timeApproved: LATER },
      }),
    ).toBe("Changes applied on Wed 4th Feb '26 09:30:00");
  });

  it('says changes are applied at the same instant and with no submission', () => {
    expect(
      versionSentenceOf({
        latestSubmittedVersion: { timeSubmitted: EARLIER },
        appliedVersion: { timeApproved: EARLIER },
      }),
    ).toBe("Changes applied on Tue 3rd Feb '26 14:05:09");
    expect(
      versionSentenceOf({ latestSubmittedVersion: null, appliedVersion: { timeApproved: EARLIER } }),
    ).toBe("Changes applied on Tue 3rd Feb '26 14:05:09");
  });

  it('says changes are submitted for a map never applied, and nothing for a map with neither', () => {
    expect(
      versionSentenceOf({ latestSubmittedVersion: { timeSubmitted: EARLIER }, appliedVersion: null }),
    ).toBe("Changes submitted for approval on Tue 3rd Feb '26 14:05:09");
    expect(versionSentenceOf({ latestSubmittedVersion: null, appliedVersion: null })).toBeNull();
  });
});

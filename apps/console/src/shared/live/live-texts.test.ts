import { describe, expect, it } from 'vitest';
import { liveStatus, updatedAgoText } from './live-texts';

describe('live texts', () => {
  it('says the age in whole seconds, never negative', () => {
    expect(updatedAgoText(10_000, 10_999)).toBe('updated 0 s ago');
    expect(updatedAgoText(10_000, 52_400)).toBe('updated 42 s ago');
    expect(updatedAgoText(10_000, 9_000)).toBe('updated 0 s ago');
  });

  it("takes the oldest answer of the screen's own live queries on screen, and whether one failed", () => {
    expect(
      liveStatus([
        { meta: { live: true }, dataUpdatedAt: 100, observed: true },
        { meta: { live: true }, dataUpdatedAt: 50, observed: false },
        { dataUpdatedAt: 20, observed: true, failed: true },
        { meta: { live: true, beside: true }, dataUpdatedAt: 10, observed: true, failed: true },
        { meta: { live: true }, dataUpdatedAt: 200, observed: true },
        { meta: { live: true }, dataUpdatedAt: 0, observed: true, disabled: true },
      ]),
    ).toEqual({ updatedAt: 100, failed: false });
  });

  it('dates nothing while a live query shown has no data yet, loading or failed at its first load', () => {
    expect(
      liveStatus([
        { meta: { live: true }, dataUpdatedAt: 300, observed: true },
        { meta: { live: true }, dataUpdatedAt: 0, observed: true },
      ]),
    ).toEqual({ updatedAt: 0, failed: false });
    expect(
      liveStatus([
        { meta: { live: true }, dataUpdatedAt: 300, observed: true },
        { meta: { live: true }, dataUpdatedAt: 0, observed: true, failed: true },
      ]),
    ).toEqual({ updatedAt: 0, failed: true });
    expect(liveStatus([])).toEqual({ updatedAt: 0, failed: false });
  });
});

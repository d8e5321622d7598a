import { describe, expect, it } from 'vitest';
import { latestUpdate, updatedAgoText } from './live-texts';

describe('live texts', () => {
  it('says the age in whole seconds, never negative', () => {
    expect(updatedAgoText(10_000, 10_999)).toBe('updated 0 s ago');
    expect(updatedAgoText(10_000, 52_400)).toBe('updated 42 s ago');
    expect(updatedAgoText(10_000, 9_000)).toBe('updated 0 s ago');
  });

  it("takes the newest update of the screen's own live queries on screen only", () => {
    expect(
      latestUpdate([
        { meta: { live: true }, dataUpdatedAt: 100, observed: true },
        { meta: { live: true }, dataUpdatedAt: 300, observed: false },
        { dataUpdatedAt: 500, observed: true },
        { meta: { live: true, beside: true }, dataUpdatedAt: 600, observed: true },
        { meta: { live: true }, dataUpdatedAt: 200, observed: true },
      ]),
    ).toBe(200);
    expect(latestUpdate([])).toBe(0);
  });
});

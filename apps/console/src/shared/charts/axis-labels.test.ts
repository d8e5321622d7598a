import { describe, expect, it } from 'vitest';
import { formatTimeTicks, formatValueTicks, valueAxisWidth } from './axis-labels';

// Local times, whatever the test machine's zone.
const at = (text: string) => new Date(text).getTime() / 1000;

describe('formatTimeTicks', () => {
  it('writes 24-hour times with the day under the first tick and at each new day', () => {
    const ticks = [at('2026-11-22T22:00:00'), at('2026-11-22T23:00:00'), at('2026-11-23T00:00:00')];
    expect(formatTimeTicks(ticks, 3600)).toEqual(['22:00\n22 Nov', '23:00', '00:00\n23 Nov']);
  });

  it('adds seconds below a minute and shows days alone for day steps', () => {
    expect(formatTimeTicks([at('2026-11-23T15:04:05')], 10)).toEqual(['15:04:05\n23 Nov']);
    expect(formatTimeTicks([at('2026-11-22T00:00:00'), at('2026-11-23T00:00:00')], 86_400)).toEqual([
      '22 Nov',
      '23 Nov',
    ]);
  });
});

describe('formatValueTicks', () => {
  it('groups thousands and writes a decimal point, never a comma', () => {
    expect(formatValueTicks([0, 250_000, 1_234_567], 250_000).map((l) => l.replace(/\s/g, ' '))).toEqual([
      '0',
      '250 000',
      '1 234 567',
    ]);
    expect(formatValueTicks([0, 0.5, 1.5], 0.5)).toEqual(['0.0', '0.5', '1.5']);
    expect(formatValueTicks([-0.25, 0, 0.25], 0.25)).toEqual(['-0.25', '0.00', '0.25']);
  });
});

describe('valueAxisWidth', () => {
  it('grows with the longest label so six-digit counts fit', () => {
    expect(valueAxisWidth(['0', '5'])).toBe(40);
    expect(valueAxisWidth(['0', '500 000'])).toBeGreaterThan(valueAxisWidth(['0', '5 000']));
    expect(valueAxisWidth(['1 234 567'])).toBeGreaterThanOrEqual(9 * 7);
    expect(valueAxisWidth(null)).toBe(40);
  });
});

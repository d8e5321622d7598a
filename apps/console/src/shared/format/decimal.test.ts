import { describe, expect, it } from 'vitest';
import { formatGrouped, groupThousands, roundDecimal } from './decimal';

const NBSP = '\u00a0';

/** What Intl writes for en-ZA, with a decimal point: the text the hand-written one must match. */
function intlText(value: number, minFraction: number, maxFraction: number): string {
  return new Intl.NumberFormat('en-ZA', {
    minimumFractionDigits: minFraction,
    maximumFractionDigits: maxFraction,
  })
    .formatToParts(value)
    .map((part) => (part.type === 'decimal' ? '.' : part.value))
    .join('');
}

/** A fixed pseudo-random sequence, so a failure names a value that fails again. */
function* sampleValues(count: number): Generator<number> {
  let seed = 20261129;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let index = 0; index < count; index += 1) {
    const magnitude = 10 ** Math.floor(next() * 16 - 4);
    const value = (next() - 0.5) * 2 * magnitude;
    yield value;
    // Halves at the rounding digit, where toFixed and Intl part ways.
    yield Math.round(value * 1000) / 1000 + 0.005;
    yield Math.round(value);
  }
}

describe('roundDecimal', () => {
  it('rounds the shortest decimal half away from zero, as Intl does', () => {
    expect(roundDecimal(1.005, 0, 2)).toEqual({ negative: false, integer: '1', fraction: '01' });
    expect(roundDecimal(2.675, 2, 2)).toEqual({ negative: false, integer: '2', fraction: '68' });
    expect(roundDecimal(-0.005, 0, 2)).toEqual({ negative: true, integer: '0', fraction: '01' });
    expect(roundDecimal(999.995, 2, 2)).toEqual({ negative: false, integer: '1000', fraction: '00' });
  });

  it('shifts by powers of ten in decimal, not in binary', () => {
    expect(roundDecimal(0.145, 1, 1, 2)).toEqual({ negative: false, integer: '14', fraction: '5' });
    expect(roundDecimal(123456, 2, 2, -2)).toEqual({ negative: false, integer: '1234', fraction: '56' });
    expect(roundDecimal(5, 2, 2, -2)).toEqual({ negative: false, integer: '0', fraction: '05' });
  });

  it('reads numbers JavaScript writes with an exponent', () => {
    expect(roundDecimal(1e21, 0, 0).integer).toBe('1000000000000000000000');
    expect(roundDecimal(1.5e-7, 0, 2)).toEqual({ negative: false, integer: '0', fraction: '' });
    expect(roundDecimal(5e-7, 0, 6)).toEqual({ negative: false, integer: '0', fraction: '000001' });
  });

  it('keeps the minus of a negative value that rounds to zero, as Intl does', () => {
    expect(formatGrouped(-0.001, 0, 2)).toBe('-0');
    expect(formatGrouped(-0, 0, 0)).toBe('-0');
  });
});

describe('formatGrouped', () => {
  it('groups thousands with a no-break space and writes a decimal point', () => {
    expect(formatGrouped(1234567.5, 2, 2)).toBe(`1${NBSP}234${NBSP}567.50`);
    expect(formatGrouped(999, 0, 0)).toBe('999');
    expect(groupThousands('1000')).toBe(`1${NBSP}000`);
  });

  it.each([
    [0, 0],
    [0, 2],
    [2, 2],
    [1, 1],
    [3, 3],
  ])('writes what Intl writes for en-ZA, %i to %i decimals', (minFraction, maxFraction) => {
    for (const value of sampleValues(400)) {
      expect(formatGrouped(value, minFraction, maxFraction), String(value)).toBe(
        intlText(value, minFraction, maxFraction),
      );
    }
  });
});

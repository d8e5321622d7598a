import { describe, expect, it } from 'vitest';
import { formatMeaning } from './iso8583-text';

describe('formatMeaning', () => {
  const utc = (at: string) => `${at.slice(0, 19).replace('T', ' ')} UTC`;

  it('gives words as they are, amounts in their currency, and instants through the zone formatter', () => {
    expect(formatMeaning({ kind: 'text', text: 'Do not honour' })).toBe('Do not honour');
    expect(formatMeaning({ kind: 'amount', minor: 33649, currency: 'ZAR' })).toMatch(/^R\s?336\.49$/);
    expect(formatMeaning({ kind: 'instant', at: '2026-03-02T08:15:00.000Z' }, utc)).toBe(
      '2026-03-02 08:15:00 UTC',
    );
    expect(formatMeaning(null)).toBe('');
  });

  it('names the original of DE 90 and when it was sent, in the operator’s zone', () => {
    expect(
      formatMeaning(
        {
          kind: 'original',
          text: 'Original 0100 Authorisation request, STAN 123456',
          at: '2026-03-02T08:15:00.000Z',
        },
        utc,
      ),
    ).toBe('Original 0100 Authorisation request, STAN 123456, sent 2026-03-02 08:15:00 UTC');
  });
});

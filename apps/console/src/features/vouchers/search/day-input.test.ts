import { describe, expect, it } from 'vitest';
import { parseTypedDay } from './day-input';

describe('typed day', () => {
  it('reads DD/MM/YYYY, with or without leading zeros', () => {
    expect(parseTypedDay('03/02/2026')).toBe('2026-02-03');
    expect(parseTypedDay(' 3/2/2026 ')).toBe('2026-02-03');
  });

  it('refuses days that do not exist and other formats', () => {
    expect(parseTypedDay('30/02/2026')).toBeNull();
    expect(parseTypedDay('2026-02-03')).toBeNull();
    expect(parseTypedDay('')).toBeNull();
  });
});

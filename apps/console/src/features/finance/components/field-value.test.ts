import type { ProcessField, ReconRecord } from '@web-control/contract/finance';
import { describe, expect, it } from 'vitest';
import { AMOUNT_FIELD } from '../finance-fixtures';
import { formatFieldValue } from './field-value';

const NBSP = '\u00a0';
const AMOUNT: ProcessField = { ...AMOUNT_FIELD, money: { currencyField: 'currency' } };

function record(fields: Record<string, string>): ReconRecord {
  return { type: 'PRIMARY', partyId: 1, fields };
}

describe('a record field as shown', () => {
  it("shows money in its record's currency decimals with a space between thousands", () => {
    expect(formatFieldValue(AMOUNT, record({ amount: '208000', currency: 'ZAR' }))).toBe(
      `R${NBSP}2${NBSP}080.00`,
    );
    expect(formatFieldValue(AMOUNT, record({ amount: '208000', currency: 'JPY' }))).toBe(`JP¥208${NBSP}000`);
    expect(
      formatFieldValue({ ...AMOUNT, money: { currencyField: null } }, record({ amount: '150100' })),
    ).toBe(`R${NBSP}1${NBSP}501.00`);
  });

  it('groups other numbers and writes date-times in the display format', () => {
    expect(formatFieldValue({ ...AMOUNT, money: null }, record({ amount: '1234567' }))).toBe(
      `1${NBSP}234${NBSP}567`,
    );
    const date = new Date(2026, 2, 1, 10, 0, 5).toISOString();
    const when: ProcessField = { ...AMOUNT, name: 'when', type: 'DATETIME', money: null };
    expect(formatFieldValue(when, record({ when: date }))).toBe("Sun 1st Mar '26 10:00:05");
  });

  it('shows a value that is not of its type as loaded, and nothing for no value', () => {
    expect(formatFieldValue(AMOUNT, record({ amount: 'n/a' }))).toBe('n/a');
    expect(formatFieldValue(AMOUNT, record({}))).toBe('');
  });
});

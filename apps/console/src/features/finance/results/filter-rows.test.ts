import { describe, expect, it } from 'vitest';
import {
  blankRow,
  canRemoveRows,
  changeField,
  FILTER_VALUE_ERRORS,
  filterItemsOf,
  hasRowErrors,
  operatorsOf,
  removeRow,
  rowErrorsOf,
  rowsOf,
  toMajorUnits,
  toMinorUnits,
  type FilterField,
  type FilterRow,
} from './filter-rows';

const FIELDS: FilterField[] = [
  { name: 'reference', type: 'TEXT' },
  { name: 'amount', type: 'INTEGRAL' },
  { name: 'postedAt', type: 'DATETIME' },
  { name: 'value', type: 'INTEGRAL', money: true },
];

function row(overrides: Partial<FilterRow>): FilterRow {
  return { key: 0, field: 'reference', type: 'EXACTLY', value: '', value2: '', ...overrides };
}

describe('filter rows', () => {
  it('offers exactly or starts with for strings, four ways for numbers and a range for dates', () => {
    expect(operatorsOf('TEXT')).toEqual(['EXACTLY', 'STARTS_WITH']);
    expect(operatorsOf('INTEGRAL')).toEqual(['EXACTLY', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN']);
    expect(operatorsOf('DATETIME')).toEqual(['BETWEEN']);
  });

  it('drops empty values and a number range missing a bound before the query is built', () => {
    const rows = [
      row({ key: 1, value: '  ' }),
      row({ key: 2, value: 'RRN1', type: 'STARTS_WITH' }),
      row({ key: 3, field: 'amount', type: 'BETWEEN', value: '10', value2: '' }),
      row({ key: 4, field: 'amount', type: 'BETWEEN', value: '10', value2: '20' }),
      row({ key: 5, field: 'amount', type: 'GREATER_THAN', value: '5' }),
      row({ key: 6, field: 'unknown', value: 'x' }),
    ];
    expect(filterItemsOf(rows, FIELDS)).toEqual([
      { fieldName: 'reference', type: 'STARTS_WITH', value: 'RRN1' },
      { fieldName: 'amount', type: 'BETWEEN', value: '10', value2: '20' },
      { fieldName: 'amount', type: 'GREATER_THAN', value: '5' },
    ]);
  });

  it('sends a date range as instants of the picked local minutes; one bound alone is after or before', () => {
    const date = (value: string, value2: string) =>
      row({ field: 'postedAt', type: 'BETWEEN', value, value2 });
    const from = new Date(2026, 1, 1, 8, 0).toISOString();
    const to = new Date(2026, 1, 3, 17, 30).toISOString();
    expect(filterItemsOf([date('2026-02-01T08:00', '2026-02-03T17:30')], FIELDS)).toEqual([
      { fieldName: 'postedAt', type: 'BETWEEN', value: from, value2: to },
    ]);
    expect(filterItemsOf([date('2026-02-01T08:00', '')], FIELDS)).toEqual([
      { fieldName: 'postedAt', type: 'GREATER_THAN', value: from },
    ]);
    expect(filterItemsOf([date('', '2026-02-03T17:30')], FIELDS)).toEqual([
      { fieldName: 'postedAt', type: 'LESS_THAN', value: to },
    ]);
    expect(filterItemsOf([date('2026-02-0', '')], FIELDS)).toEqual([]);
    expect(rowErrorsOf(date('2026-02-03T17:30', '2026-02-01T08:00'), FIELDS)).toEqual({
      value2: 'To cannot be before From',
    });
    expect(rowErrorsOf(date('2026-02-01T08:00', '2026-02-01T08:00'), FIELDS)).toEqual({});
  });

  it('reads filters back into rows, with one blank row when there are none', () => {
    expect(rowsOf([], FIELDS)).toEqual([blankRow(0, FIELDS)]);
    expect(blankRow(0, FIELDS)).toEqual(row({}));
    expect(
      rowsOf(
        [
          { fieldName: 'postedAt', type: 'LESS_THAN', value: new Date(2026, 1, 3, 17, 30).toISOString() },
          { fieldName: 'amount', type: 'BETWEEN', value: '1', value2: '2' },
        ],
        FIELDS,
      ),
    ).toEqual([
      row({ key: 0, field: 'postedAt', type: 'BETWEEN', value: '', value2: '2026-02-03T17:30' }),
      row({ key: 1, field: 'amount', type: 'BETWEEN', value: '1', value2: '2' }),
    ]);
  });

  it('takes money in rand as the grid shows it and asks for cents, as the records hold them', () => {
    const money = (type: FilterRow['type'], value: string, value2 = '') =>
      row({ field: 'value', type, value, value2 });
    expect(
      filterItemsOf(
        [money('EXACTLY', '1110'), money('BETWEEN', '0.5', '1000'), money('LESS_THAN', '-12.05')],
        FIELDS,
      ),
    ).toEqual([
      { fieldName: 'value', type: 'EXACTLY', value: '111000' },
      { fieldName: 'value', type: 'BETWEEN', value: '50', value2: '100000' },
      { fieldName: 'value', type: 'LESS_THAN', value: '-1205' },
    ]);
    expect(rowsOf([{ fieldName: 'value', type: 'BETWEEN', value: '111000', value2: '5' }], FIELDS)).toEqual([
      { key: 0, field: 'value', type: 'BETWEEN', value: '1110', value2: '0.05' },
    ]);
    expect(rowErrorsOf(money('EXACTLY', '12.345'), FIELDS)).toEqual({ value: FILTER_VALUE_ERRORS.amount });
    expect(rowErrorsOf(money('EXACTLY', '1e3'), FIELDS)).toEqual({ value: FILTER_VALUE_ERRORS.amount });
    expect(rowErrorsOf(money('EXACTLY', '12.50'), FIELDS)).toEqual({});
    expect(rowErrorsOf(money('BETWEEN', '2000', '1000'), FIELDS)).toEqual({
      value2: FILTER_VALUE_ERRORS.reversed,
    });
    expect(rowErrorsOf(money('BETWEEN', '1000', '1000'), FIELDS)).toEqual({});
    expect(rowErrorsOf(money('BETWEEN', '-5', '-12.5'), FIELDS)).toEqual({
      value2: FILTER_VALUE_ERRORS.reversed,
    });
    expect(FILTER_VALUE_ERRORS.amount).toBe('Enter an amount with at most 2 decimals, such as 1500 or 12.50');
    expect(rowErrorsOf(money('BETWEEN', '100', '99999999999999999999'), FIELDS), 'too large').toEqual({
      value2: 'An amount has at most 16 digits before its decimals',
    });
    expect(rowErrorsOf(money('EXACTLY', '9999999999999999.99'), FIELDS), 'the largest').toEqual({});
  });

  it('never reads an empty amount as R 0.00, and takes amounts grouped by spaces as the grid shows them', () => {
    const money = (type: FilterRow['type'], value: string, value2 = '') =>
      row({ field: 'value', type, value, value2 });
    expect(filterItemsOf([money('BETWEEN', '200', ''), money('BETWEEN', '', '200')], FIELDS)).toEqual([]);
    expect(filterItemsOf([money('EXACTLY', ' ')], FIELDS)).toEqual([]);
    expect(rowErrorsOf(money('BETWEEN', '200', ''), FIELDS)).toEqual({
      value2: 'Enter both values, or choose More than or Less than',
    });
    expect(rowErrorsOf(money('BETWEEN', '', '200'), FIELDS)).toEqual({
      value: FILTER_VALUE_ERRORS.missingBound,
    });
    expect(rowErrorsOf(money('BETWEEN', '', ''), FIELDS)).toEqual({});
    expect(rowErrorsOf(money('BETWEEN', '1 000', '12 500.50'), FIELDS)).toEqual({});
    expect(rowErrorsOf(money('EXACTLY', '1 00'), FIELDS), 'spaces that group nothing').toEqual({
      value: FILTER_VALUE_ERRORS.amount,
    });
    expect(rowErrorsOf(money('BETWEEN', '12 500', '1 000'), FIELDS)).toEqual({
      value2: FILTER_VALUE_ERRORS.reversed,
    });
    expect(filterItemsOf([money('BETWEEN', '1 000', '12\u00a0500.50')], FIELDS)).toEqual([
      { fieldName: 'value', type: 'BETWEEN', value: '100000', value2: '1250050' },
    ]);
  });

  it('converts amounts to and from minor units by their digits', () => {
    expect(['0', '7', '0.07', '12.5', '-0.5', '-0', '9999999999999999.99'].map(toMinorUnits)).toEqual([
      '0',
      '700',
      '7',
      '1250',
      '-50',
      '0',
      '999999999999999999',
    ]);
    expect(['0', '7', '1250', '-50', '-100', 'x1'].map(toMajorUnits)).toEqual([
      '0',
      '0.07',
      '12.50',
      '-0.50',
      '-1',
      'x1',
    ]);
  });

  it('keeps at least one row', () => {
    const one = [row({ key: 1 })];
    expect(canRemoveRows(one)).toBe(false);
    expect(removeRow(one, 1)).toBe(one);
    const two = [row({ key: 1 }), row({ key: 2 })];
    expect(canRemoveRows(two)).toBe(true);
    expect(removeRow(two, 1)).toEqual([row({ key: 2 })]);
  });

  it('resets the operator and values when the field changes', () => {
    expect(changeField(row({ key: 3, value: 'x' }), FIELDS[1] as FilterField)).toEqual(
      row({ key: 3, field: 'amount', type: 'EXACTLY' }),
    );
  });
});

describe('filter values caught at the field', () => {
  const typed = (field: string, type: FilterRow['type'], value: string, value2 = ''): FilterRow => ({
    key: 0,
    field,
    type,
    value,
    value2,
  });
  const fields: FilterField[] = [...FIELDS, { name: 'id', type: 'INTEGRAL' }];

  it('refuses a number filter that is not a number, on the input that holds it', () => {
    expect(rowErrorsOf(typed('amount', 'EXACTLY', 'abc'), fields)).toEqual({
      value: FILTER_VALUE_ERRORS.number,
    });
    expect(rowErrorsOf(typed('amount', 'BETWEEN', '10', '2O'), fields)).toEqual({
      value2: FILTER_VALUE_ERRORS.number,
    });
    expect(rowErrorsOf(typed('id', 'EXACTLY', '1.5'), fields)).toEqual({
      value: FILTER_VALUE_ERRORS.wholeNumber,
    });
    // A whole number all the same: what is wrong is its length, not that it is no whole number.
    expect(rowErrorsOf(typed('id', 'EXACTLY', '9'.repeat(23)), fields)).toEqual({
      value: 'A whole number here has at most 18 digits',
    });
    expect(hasRowErrors([typed('amount', 'EXACTLY', 'abc')], fields)).toBe(true);
  });

  it('lets numbers, empty values and text fields through', () => {
    expect(rowErrorsOf(typed('amount', 'GREATER_THAN', ' -12.5 '), fields)).toEqual({});
    expect(rowErrorsOf(typed('amount', 'EXACTLY', ''), fields)).toEqual({});
    expect(rowErrorsOf(typed('reference', 'EXACTLY', 'abc'), fields)).toEqual({});
    expect(hasRowErrors([typed('id', 'EXACTLY', '42')], fields)).toBe(false);
  });

  it('refuses a card number in any field, as typed or as an amount’s cents would carry it', () => {
    const refused = FILTER_VALUE_ERRORS.cardNumber;
    expect(refused).toBe('A card number is never searched: filter by another field.');
    expect(rowErrorsOf(typed('reference', 'STARTS_WITH', '4111 1111 1111 1111'), fields)).toEqual({
      value: refused,
    });
    expect(rowErrorsOf(typed('id', 'EXACTLY', '4111111111111111'), fields)).toEqual({ value: refused });
    // 4111111111111111 rand is 411111111111111100 cents: a card number too, in the query.
    expect(rowErrorsOf(typed('value', 'EXACTLY', '4111111111111111'), fields)).toEqual({ value: refused });
    expect(rowErrorsOf(typed('value', 'EXACTLY', '41111111111111.11'), fields)).toEqual({ value: refused });
    expect(rowErrorsOf(typed('amount', 'BETWEEN', '1', '5555555555554444'), fields)).toEqual({
      value2: refused,
    });
    expect(rowErrorsOf(typed('value', 'EXACTLY', '1500.50'), fields)).toEqual({});
  });

  it('refuses a value longer than the platform takes, at its input', () => {
    expect(rowErrorsOf(typed('reference', 'EXACTLY', 'x'.repeat(201)), fields)).toEqual({
      value: 'Must not exceed 200 characters',
    });
    expect(rowErrorsOf(typed('reference', 'EXACTLY', 'x'.repeat(200)), fields)).toEqual({});
  });
});

import type { FieldType } from '@web-control/contract/finance';
import {
  FILTER_NUMBER_PATTERN,
  FILTER_VALUE_MAX_LENGTH,
  FILTER_WHOLE_NUMBER_DIGITS,
  FILTER_WHOLE_NUMBER_PATTERN,
  FIXED_FIELDS,
  type FilterItem,
  type FilterType,
} from '@web-control/contract/finance-results';
import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { VALIDATION_MESSAGES } from '@web-control/contract/validation';
import dayjs from 'dayjs';
import { currencyDecimalsOf, DEFAULT_CURRENCY } from '../../../shared/format/currency';
import { formatLocalMinute, parseLocalMinute } from '../../../shared/format/dates';
import { RANGE_ERRORS } from '../../../shared/forms/minute-range';

/** A field the grid filters on: a fixed column or one of the process's fields. */
export interface FilterField {
  name: string;
  type: FieldType;
  /** Money in minor units, which the grid shows (and the panel takes) in major units. */
  money?: boolean;
}

/**
 * The decimals of a money filter's value: the default currency's (2 for ZAR), as the grid writes
 * amounts. The query carries minor units, as the records hold them.
 */
const MONEY_DECIMALS = currencyDecimalsOf(DEFAULT_CURRENCY);
/** Up to 16 whole digits, so that the minor units stay within the platform's numbers. */
const MONEY_WHOLE_DIGITS = 16;
const MONEY_PATTERN = new RegExp(
  `^-?\\d{1,${String(MONEY_WHOLE_DIGITS)}}(\\.\\d{1,${String(MONEY_DECIMALS)}})?$`,
);
/** An amount written well but too large: said as such, not as a matter of decimals. */
const MONEY_ANY_SIZE_PATTERN = new RegExp(`^-?\\d+(\\.\\d{1,${String(MONEY_DECIMALS)}})?$`);

/** "1110" or "1110.5" (rand) as minor units ("111000", "111050"), by digits: no floating point; "" stays empty. */
export function toMinorUnits(amount: string): string {
  if (amount === '') return '';
  const [whole = '', fraction = ''] = amount.replace(/^-/, '').split('.');
  const digits = `${whole}${fraction.padEnd(MONEY_DECIMALS, '0')}`.replace(/^0+(?=\d)/, '');
  return amount.startsWith('-') && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** Minor units as the panel shows them ("111000" → "1110", "111050" → "1110.50"); other text as it is. */
export function toMajorUnits(minorUnits: string): string {
  if (!FILTER_WHOLE_NUMBER_PATTERN.test(minorUnits)) return minorUnits;
  const negative = minorUnits.startsWith('-');
  const digits = minorUnits.replace(/^-/, '').padStart(MONEY_DECIMALS + 1, '0');
  const whole = digits.slice(0, -MONEY_DECIMALS).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(-MONEY_DECIMALS);
  const amount = /^0+$/.test(fraction) ? whole : `${whole}.${fraction}`;
  return negative && amount !== '0' ? `-${amount}` : amount;
}

/** A row of the filter panel; a date row's values are local minutes (shared LOCAL_MINUTE_FORMAT). */
export interface FilterRow {
  key: number;
  field: string;
  type: FilterType;
  value: string;
  value2: string;
}

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  EXACTLY: 'Exactly',
  STARTS_WITH: 'Starts with',
  ENDS_WITH: 'Ends with',
  GREATER_THAN: 'More than',
  LESS_THAN: 'Less than',
  BETWEEN: 'Between',
};

/**
 * Specification 2, section 5: strings exactly or starts with; numbers exactly, more than, less
 * than or between; dates a from and a to (the platform takes more for the API's own callers).
 */
const OPERATORS: Record<FieldType, readonly FilterType[]> = {
  TEXT: ['EXACTLY', 'STARTS_WITH'],
  INTEGRAL: ['EXACTLY', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN'],
  DATETIME: ['BETWEEN'],
};

export function operatorsOf(type: FieldType): readonly FilterType[] {
  return OPERATORS[type];
}

/** The picker's local minute as the query's instant (the contract's DATETIME values); a partial date is none. */
function toFilterDate(input: string): string {
  return parseLocalMinute(input)?.toISOString() ?? '';
}

function toInputDate(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? formatLocalMinute(date.toDate()) : '';
}

export function blankRow(key: number, fields: readonly FilterField[]): FilterRow {
  const field = fields[0];
  return {
    key,
    field: field?.name ?? '',
    type: field ? (operatorsOf(field.type)[0] ?? 'EXACTLY') : 'EXACTLY',
    value: '',
    value2: '',
  };
}

/** A new field resets the operator to the field's first and clears the values. */
export function changeField(row: FilterRow, field: FilterField): FilterRow {
  return {
    key: row.key,
    field: field.name,
    type: operatorsOf(field.type)[0] ?? 'EXACTLY',
    value: '',
    value2: '',
  };
}

/** At least one row remains: removing the last one does nothing (its button is disabled). */
export function removeRow(rows: readonly FilterRow[], key: number): readonly FilterRow[] {
  return rows.length <= 1 ? rows : rows.filter((row) => row.key !== key);
}

export function canRemoveRows(rows: readonly FilterRow[]): boolean {
  return rows.length > 1;
}

/** Thousands grouped by spaces as the grid shows them ("1 000.50", "-12 500"); "1 00" is no grouping. */
const GROUPED_NUMBER = /^-?\d{1,3}(?:\s\d{3})+(?:\.\d+)?$/;

/** A typed number without its grouping spaces; spaces that group nothing stay, and the number is refused. */
function numberTyped(value: string): string {
  const typed = value.trim();
  return GROUPED_NUMBER.test(typed) ? typed.replace(/\s/g, '') : typed;
}

export const FILTER_VALUE_ERRORS = {
  number: 'Enter a number, such as 1500 or 12.5',
  wholeNumber: 'Enter a whole number, such as 1500',
  wholeNumberTooLarge: `A whole number here has at most ${String(FILTER_WHOLE_NUMBER_DIGITS)} digits`,
  amount: `Enter an amount with at most ${String(MONEY_DECIMALS)} decimals, such as 1500 or 12.50`,
  amountTooLarge: `An amount has at most ${String(MONEY_WHOLE_DIGITS)} digits before its decimals`,
  /** A between whose second value is below its first matches nothing. */
  reversed: 'The second value must not be below the first',
  /** A between with one value would match nothing, or be left out in silence. */
  missingBound: 'Enter both values, or choose More than or Less than',
  reversedDates: RANGE_ERRORS.order,
  /** Never sent, nor written to the address (which masks it, and so would search for another value). */
  cardNumber: 'A card number is never searched: filter by another field.',
} as const;

/** What is wrong with a row's values, by input; empty when the row can be sent. */
export interface RowErrors {
  value?: string;
  value2?: string;
}

/**
 * Number rows whose values are not numbers (specification 2, section 5: invalid values are caught at
 * the field, and nothing is sent). A fixed column takes whole numbers only, as the platform does.
 * Any row's value too long for the platform, or holding a card number, is refused the same way.
 */
export function rowErrorsOf(row: FilterRow, fields: readonly FilterField[]): RowErrors {
  const field = fields.find((each) => each.name === row.field);
  if (field === undefined) return {};
  if (field.type === 'DATETIME') {
    const from = toFilterDate(row.value);
    const to = toFilterDate(row.value2);
    return from !== '' && to !== '' && to < from ? { value2: FILTER_VALUE_ERRORS.reversedDates } : {};
  }
  // A card number is never searched, as typed or as the query would carry it (an amount's minor units).
  const refused = refusalOf(row, field);
  if (refused.value !== undefined || refused.value2 !== undefined) return refused;
  if (field.type !== 'INTEGRAL') return {};
  const whole = Object.hasOwn(FIXED_FIELDS, row.field);
  let pattern = whole ? FILTER_WHOLE_NUMBER_PATTERN : FILTER_NUMBER_PATTERN;
  let message: string = whole ? FILTER_VALUE_ERRORS.wholeNumber : FILTER_VALUE_ERRORS.number;
  if (field.money) {
    pattern = MONEY_PATTERN;
    message = FILTER_VALUE_ERRORS.amount;
  }
  const [first, second] = [numberTyped(row.value), numberTyped(row.value2)];
  const errorOf = (typed: string) => {
    if (typed === '' || pattern.test(typed)) return undefined;
    if (field.money && MONEY_ANY_SIZE_PATTERN.test(typed)) return FILTER_VALUE_ERRORS.amountTooLarge;
    // A whole number it is, only longer than the platform takes.
    return whole && /^-?\d+$/.test(typed) ? FILTER_VALUE_ERRORS.wholeNumberTooLarge : message;
  };
  const errors: RowErrors = {};
  const value = errorOf(first);
  const value2 = row.type === 'BETWEEN' ? errorOf(second) : undefined;
  if (value) errors.value = value;
  if (value2) errors.value2 = value2;
  if (row.type !== 'BETWEEN' || value || value2) return errors;
  if (first === '' && second !== '') errors.value = FILTER_VALUE_ERRORS.missingBound;
  else if (first !== '' && second === '') errors.value2 = FILTER_VALUE_ERRORS.missingBound;
  else if (first !== '' && Number(second) < Number(first)) errors.value2 = FILTER_VALUE_ERRORS.reversed;
  return errors;
}

/** A value the platform would refuse (too long) or that is a card number, said at its input. */
function refusalOf(row: FilterRow, field: FilterField): RowErrors {
  const errorOf = (typed: string) => {
    if (typed.trim().length > FILTER_VALUE_MAX_LENGTH)
      return VALIDATION_MESSAGES.maxLength(FILTER_VALUE_MAX_LENGTH);
    return holdsCardNumber(typed) || holdsCardNumber(valueInQuery(typed, field))
      ? FILTER_VALUE_ERRORS.cardNumber
      : undefined;
  };
  const errors: RowErrors = {};
  const value = errorOf(row.value);
  const value2 = row.type === 'BETWEEN' ? errorOf(row.value2) : undefined;
  if (value) errors.value = value;
  if (value2) errors.value2 = value2;
  return errors;
}

/** A typed value as the query carries it: text trimmed, numbers ungrouped, amounts in minor units. */
function valueInQuery(typed: string, field: FilterField): string {
  if (field.type === 'TEXT') return typed.trim();
  return field.money ? toMinorUnits(numberTyped(typed)) : numberTyped(typed);
}

export function hasRowErrors(rows: readonly FilterRow[], fields: readonly FilterField[]): boolean {
  return rows.some((row) => Object.keys(rowErrorsOf(row, fields)).length > 0);
}

/**
 * The query's filters from the rows: empty values are dropped, a between of numbers needs both,
 * and a date row with only one bound becomes after (from) or before (to).
 */
export function filterItemsOf(rows: readonly FilterRow[], fields: readonly FilterField[]): FilterItem[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  return rows.flatMap((row): FilterItem[] => {
    const field = byName.get(row.field);
    const fieldName = row.field;
    if (field === undefined) return [];
    if (field.type === 'DATETIME') {
      const from = toFilterDate(row.value);
      const to = toFilterDate(row.value2);
      if (from && to) return [{ fieldName, type: 'BETWEEN', value: from, value2: to }];
      if (from) return [{ fieldName, type: 'GREATER_THAN', value: from }];
      if (to) return [{ fieldName, type: 'LESS_THAN', value: to }];
      return [];
    }
    const value = valueInQuery(row.value, field);
    const value2 = valueInQuery(row.value2, field);
    if (!value) return [];
    if (row.type === 'BETWEEN') return value2 ? [{ fieldName, type: 'BETWEEN', value, value2 }] : [];
    return [{ fieldName, type: row.type, value }];
  });
}

/** The panel's rows for the filters a link carries; always at least one row. */
export function rowsOf(filters: readonly FilterItem[], fields: readonly FilterField[]): FilterRow[] {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const rows = filters.map((filter, index): FilterRow => {
    const field = filter.fieldName;
    if (byName.get(field)?.type !== 'DATETIME') {
      const shown = byName.get(field)?.money ? toMajorUnits : (value: string) => value;
      return {
        key: index,
        field,
        type: filter.type,
        value: shown(filter.value),
        value2: filter.value2 === undefined ? '' : shown(filter.value2),
      };
    }
    const from = filter.type === 'LESS_THAN' ? '' : toInputDate(filter.value);
    const to = filter.type === 'LESS_THAN' ? toInputDate(filter.value) : toInputDate(filter.value2 ?? '');
    return { key: index, field, type: 'BETWEEN', value: from, value2: to };
  });
  return rows.length > 0 ? rows : [blankRow(0, fields)];
}

import type { ProcessField, ReconRecord } from '@web-control/contract/finance';
import dayjs from 'dayjs';
import { DEFAULT_CURRENCY, formatCurrency } from '../../../shared/format/currency';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { formatCount } from '../../../shared/format/metrics';

function currencyOf(field: ProcessField, record: ReconRecord): string {
  const currencyField = field.money?.currencyField ?? null;
  const code = currencyField === null ? undefined : record.fields[currencyField];
  return code === undefined || code === '' ? DEFAULT_CURRENCY : code;
}

/**
 * One record's value of a field as operators read it (specification 2, section 9): money in its
 * currency's decimals, other numbers grouped with a space, date-times in the long display format.
 * A value that does not parse as its type is shown as loaded; no value is ''.
 */
export function formatFieldValue(field: ProcessField, record: ReconRecord): string {
  const value = record.fields[field.name];
  if (value === undefined || value === '') return '';
  if (field.type === 'DATETIME') {
    return dayjs(value).isValid() ? formatDateTimeSeconds(value) : value;
  }
  if (field.type === 'INTEGRAL') {
    const number = Number(value);
    if (!Number.isFinite(number)) return value;
    return field.money === null ? formatCount(number) : formatCurrency(number, currencyOf(field, record));
  }
  return value;
}

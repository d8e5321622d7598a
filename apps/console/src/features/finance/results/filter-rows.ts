import type { FieldType, ProcessField } from '@web-control/contract/finance';

export const FILTER_TYPES = [
  'EXACTLY',
  'STARTS_WITH',
  'ENDS_WITH',
  'GREATER_THAN',
  'LESS_THAN',
  'BETWEEN',
] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

/** One field condition as the query carries it. */
export interface FieldFilter {
  field: string;
  type: FilterType;
  value: string;
  value2?: string;
}

/** A row of the filter panel; a date row's values are the inputs' `YYYY-MM-DDTHH:mm`. */
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

/** Specification 2, section 5: strings exactly or starts with; numbers four ways; dates from and to. */
const OPERATORS: Record<FieldType, readonly FilterType[]> = {
  TEXT: ['EXACTLY', 'STARTS_WITH'],
  INTEGRAL: ['EXACTLY', 'GREATER_THAN', 'LESS_THAN', 'BETWEEN'],
  DATETIME: ['BETWEEN'],
};

export function operatorsOf(type: FieldType): readonly FilterType[] {
  return OPERATORS[type];
}

/** The filter date format, `YYYY-MM-DD HH:mm` (specification 2, section 5). */
export const FILTER_DATE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

function toFilterDate(input: string): string {
  return input.replace('T', ' ');
}

function toInputDate(value: string): string {
  return value.replace(' ', 'T');
}

/** The date picker's maximum: now, to the minute, in the input's local format. */
export function maxFilterDateOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

export function blankRow(key: number, fields: readonly ProcessField[]): FilterRow {
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
export function changeField(row: FilterRow, field: ProcessField): FilterRow {
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

/**
 * The query's conditions from the rows: empty values are dropped, a between of numbers needs both,
 * and a date row with only one bound becomes after (from) or before (to).
 */
export function fieldFiltersOf(rows: readonly FilterRow[], fields: readonly ProcessField[]): FieldFilter[] {
  const types = new Map(fields.map((field) => [field.name, field.type]));
  return rows.flatMap((row): FieldFilter[] => {
    const fieldType = types.get(row.field);
    const value = row.value.trim();
    const value2 = row.value2.trim();
    if (fieldType === undefined) return [];
    if (fieldType === 'DATETIME') {
      if (value && value2)
        return [
          { field: row.field, type: 'BETWEEN', value: toFilterDate(value), value2: toFilterDate(value2) },
        ];
      if (value) return [{ field: row.field, type: 'GREATER_THAN', value: toFilterDate(value) }];
      if (value2) return [{ field: row.field, type: 'LESS_THAN', value: toFilterDate(value2) }];
      return [];
    }
    if (!value) return [];
    if (row.type === 'BETWEEN') return value2 ? [{ field: row.field, type: 'BETWEEN', value, value2 }] : [];
    return [{ field: row.field, type: row.type, value }];
  });
}

/** The panel's rows for the filters a link carries; always at least one row. */
export function rowsOf(filters: readonly FieldFilter[], fields: readonly ProcessField[]): FilterRow[] {
  const types = new Map(fields.map((field) => [field.name, field.type]));
  const rows = filters.map((filter, index): FilterRow => {
    if (types.get(filter.field) !== 'DATETIME') {
      return {
        key: index,
        field: filter.field,
        type: filter.type,
        value: filter.value,
        value2: filter.value2 ?? '',
      };
    }
    const from = filter.type === 'LESS_THAN' ? '' : toInputDate(filter.value);
    const to = filter.type === 'LESS_THAN' ? toInputDate(filter.value) : toInputDate(filter.value2 ?? '');
    return { key: index, field: filter.field, type: 'BETWEEN', value: from, value2: to };
  });
  return rows.length > 0 ? rows : [blankRow(0, fields)];
}

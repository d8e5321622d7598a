/**
 * A selection of recon results as SQL: its filters (typed, on fixed columns or the grid's values),
 * its sort and its page. The results repository, the download and the actions read through it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FieldType } from '@web-control/contract/finance';
import {
  FILTER_NUMBER_PATTERN,
  FILTER_TYPES_OF,
  FILTER_WHOLE_NUMBER_PATTERN,
  FIXED_FIELDS,
  type FilterItem,
  type ReconSelection,
} from '@web-control/contract/finance-results';
import { checkIsoInstant, INSTANT_FORMAT_MESSAGE } from '@web-control/contract/inputs';
import { badRequest } from '../../errors.ts';

/** The SQL expression of each fixed column on the transaction `t`. */
const FIXED_COLUMNS: Record<string, RawBuilder<unknown>> = {
  id: sql`t.transaction_id`,
  score: sql`t.score`,
  createdDateTime: sql`t.created_at`,
  matchStatus: sql`t.match_status`,
  settlementStatus: sql`t.settlement_status`,
};

const VALUE_COLUMN: Record<FieldType, RawBuilder<unknown>> = {
  TEXT: sql.raw('text_value'),
  INTEGRAL: sql.raw('number_value'),
  DATETIME: sql.raw('time_value'),
};

/**
 * What every value row of a field of the type has: the other two columns null. Always true, but
 * it is the predicate of the type's partial indexes (migration 0035), so a query naming it can use them.
 */
function typeRowsOf(alias: RawBuilder<unknown>, type: FieldType): RawBuilder<unknown> {
  const others = (Object.keys(VALUE_COLUMN) as FieldType[]).filter((other) => other !== type);
  return sql.join(
    others.map((other) => sql`${alias}.${VALUE_COLUMN[other]} is null`),
    sql` and `,
  );
}

/** Above every character: a prefix's range ends here (the values' collation is "C", byte order). */
const TOP = String.fromCodePoint(0x10ffff);

export const RESULTS_MESSAGES = {
  unknownField: (name: string) => `${name} is not a field of this process.`,
  filterType: (name: string, type: string) => `${name} cannot be filtered with ${type}.`,
  badNumber: (name: string) => `${name} must be filtered by a number.`,
  badInstant: (name: string) =>
    `${name} must be filtered by an ISO 8601 date and time with a zone, e.g. 2026-11-23T10:00:00Z.`,
  /** A well-formed instant the contract still refuses (2024-02-30, the year 0). */
  refusedInstant: (name: string, reason: string) => `${name}: ${reason}.`,
} as const;

/** A fixed column's type and SQL, when the name is one (its own properties only). */
function fixedFieldOf(name: string): { type: FieldType; column: RawBuilder<unknown> } | undefined {
  const type = Object.hasOwn(FIXED_FIELDS, name)
    ? FIXED_FIELDS[name as keyof typeof FIXED_FIELDS]
    : undefined;
  const column = FIXED_COLUMNS[name];
  return type === undefined || column === undefined ? undefined : { type, column };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function typedValue(filter: FilterItem, type: FieldType, value: string, fixed: boolean): RawBuilder<unknown> {
  if (type === 'INTEGRAL') {
    // A fixed column is a whole number: compared as bigint so its index applies.
    if (!(fixed ? FILTER_WHOLE_NUMBER_PATTERN : FILTER_NUMBER_PATTERN).test(value))
      throw badRequest(RESULTS_MESSAGES.badNumber(filter.fieldName));
    return fixed ? sql`cast(${value} as bigint)` : sql`cast(${value} as numeric)`;
  }
  if (type === 'DATETIME') {
    const instant = checkIsoInstant(value);
    if (!instant.ok) {
      throw badRequest(
        instant.message === INSTANT_FORMAT_MESSAGE
          ? RESULTS_MESSAGES.badInstant(filter.fieldName)
          : RESULTS_MESSAGES.refusedInstant(filter.fieldName, instant.message),
      );
    }
    return sql`cast(${value} as timestamptz)`;
  }
  return sql`${value}`;
}

/** One filter as a condition on a column (fixed) or a value column (a process field). */
function conditionOf(
  column: RawBuilder<unknown>,
  filter: FilterItem,
  type: FieldType,
  fixed: boolean,
): RawBuilder<unknown> {
  const value = () => typedValue(filter, type, filter.value, fixed);
  switch (filter.type) {
    case 'EXACTLY':
      return sql`${column} = ${value()}`;
    case 'STARTS_WITH':
      return sql`${column} >= ${filter.value} and ${column} < ${filter.value + TOP} and ${column} like ${`${escapeLike(filter.value)}%`}`;
    case 'ENDS_WITH': {
      // By code point, as PostgreSQL's reverse() does.
      // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points are what reverse() uses
      const reversed = [...filter.value].reverse().join('');
      return sql`reverse(${column}) >= ${reversed} and reverse(${column}) < ${reversed + TOP} and ${column} like ${`%${escapeLike(filter.value)}`}`;
    }
    case 'GREATER_THAN':
      return sql`${column} > ${value()}`;
    case 'LESS_THAN':
      return sql`${column} < ${value()}`;
    case 'BETWEEN':
      return sql`${column} between ${value()} and ${typedValue(filter, type, filter.value2 ?? '', fixed)}`;
  }
}

export interface ProcessFields {
  processId: number;
  fields: ReadonlyArray<{ name: string; type: FieldType }>;
}

/** A process field's filter as a condition on its values `v`. */
function valueConditionOf(process: ProcessFields, filter: FilterItem, type: FieldType): RawBuilder<unknown> {
  const column = sql`v.${VALUE_COLUMN[type]}`;
  return sql`v.process_id = ${process.processId} and v.field = ${filter.fieldName}
    and ${typeRowsOf(sql`v`, type)} and ${conditionOf(column, filter, type, false)}`;
}

/**
 * The condition on that field's values `v` of a selection that is one process field's filter
 * alone: a transaction has one values row per field, so the rows it selects are the transactions
 * (the filter already checked by whereOf), and neither the page in id order nor the count needs
 * the transactions themselves.
 */
export function singleFieldConditionOf(
  process: ProcessFields,
  selection: ReconSelection,
): RawBuilder<unknown> | undefined {
  const [filter, ...more] = selection.filters;
  if (filter === undefined || more.length > 0) return undefined;
  if (selection.matchStatus !== undefined || selection.settlementStatus !== undefined) return undefined;
  if (fixedFieldOf(filter.fieldName) !== undefined) return undefined;
  const field = process.fields.find((item) => item.name === filter.fieldName);
  if (field === undefined) return undefined;
  return valueConditionOf(process, filter, field.type);
}

/** The WHERE condition on `t` of a selection, checked against the process's fields. */
export function whereOf(process: ProcessFields, selection: ReconSelection): RawBuilder<unknown> {
  const conditions: Array<RawBuilder<unknown>> = [sql`t.process_id = ${process.processId}`];
  if (selection.matchStatus === 'PARTIALLY_MATCHED') {
    conditions.push(sql`t.match_status = 'MATCHED' and t.score < 100`);
  } else if (selection.matchStatus !== undefined) {
    conditions.push(sql`t.match_status = ${selection.matchStatus}`);
  }
  if (selection.settlementStatus !== undefined) {
    conditions.push(sql`t.settlement_status = ${selection.settlementStatus}`);
  }
  for (const filter of selection.filters) {
    const fixed = fixedFieldOf(filter.fieldName);
    const field = process.fields.find((item) => item.name === filter.fieldName);
    const type = fixed?.type ?? field?.type;
    if (type === undefined) throw badRequest(RESULTS_MESSAGES.unknownField(filter.fieldName));
    if (!FILTER_TYPES_OF[type].includes(filter.type)) {
      throw badRequest(RESULTS_MESSAGES.filterType(filter.fieldName, filter.type));
    }
    if (fixed !== undefined) {
      conditions.push(conditionOf(fixed.column, filter, type, true));
    } else {
      // A semi-join on the typed value index of (process, field, value).
      conditions.push(sql`t.transaction_id in (
        select v.transaction_id from recon_transaction_values v where ${valueConditionOf(process, filter, type)})`);
    }
  }
  return sql.join(conditions, sql` and `);
}

/** whereOf's status conditions on the kept counts (migration 0017) instead of the transactions. */
export function statusCountsWhere(processId: number, selection: ReconSelection): RawBuilder<unknown> {
  const conditions: Array<RawBuilder<unknown>> = [sql`c.process_id = ${processId}`];
  if (selection.matchStatus === 'PARTIALLY_MATCHED') {
    conditions.push(sql`c.match_status = 'MATCHED' and c.partial`);
  } else if (selection.matchStatus !== undefined) {
    conditions.push(sql`c.match_status = ${selection.matchStatus}`);
  }
  if (selection.settlementStatus !== undefined) {
    conditions.push(sql`c.settlement_status = ${selection.settlementStatus}`);
  }
  return sql.join(conditions, sql` and `);
}

/** The joins and ORDER BY of a sort; the id breaks ties so paging is stable. */
export function orderOf(process: ProcessFields, sortBy: ReconSelection['sortBy']) {
  const joins: Array<RawBuilder<unknown>> = [];
  const keys: Array<RawBuilder<unknown>> = [];
  sortBy.forEach((entry, index) => {
    const direction = sql.raw(entry.direction === 'desc' ? 'desc' : 'asc');
    const fixed = Object.hasOwn(FIXED_COLUMNS, entry.fieldName) ? FIXED_COLUMNS[entry.fieldName] : undefined;
    if (fixed !== undefined) {
      keys.push(sql`${fixed} ${direction}`);
      return;
    }
    const field = process.fields.find((item) => item.name === entry.fieldName);
    if (field === undefined) throw badRequest(RESULTS_MESSAGES.unknownField(entry.fieldName));
    const alias = sql.raw(`s${index}`);
    // Every transaction has a row per field (null when no party has a value), so an inner join
    // keeps them all and lets the planner walk the value index in order for the first key;
    // PostgreSQL's default null placement (last ascending, first descending) matches that index.
    joins.push(sql`join recon_transaction_values ${alias}
      on ${alias}.transaction_id = t.transaction_id and ${alias}.process_id = ${process.processId}
        and ${alias}.field = ${field.name} and ${typeRowsOf(alias, field.type)}`);
    keys.push(sql`${alias}.${VALUE_COLUMN[field.type]} ${direction}`);
  });
  if (!sortBy.some((entry) => entry.fieldName === 'id')) {
    keys.push(sql`t.transaction_id asc`);
  }
  return { joins: sql.join(joins, sql` `), orderBy: sql.join(keys, sql`, `) };
}

/** The ids of a page of a selection, in its order. */
export function pageIdsSql(
  process: ProcessFields,
  selection: ReconSelection,
  page: { offset: number; limit: number },
): RawBuilder<unknown> {
  const singleField = singleFieldConditionOf(process, selection);
  if (singleField !== undefined && selection.sortBy.length === 0) {
    return sql`select v.transaction_id from recon_transaction_values v where ${singleField}
      order by v.transaction_id limit ${page.limit} offset ${page.offset}`;
  }
  const { joins, orderBy } = orderOf(process, selection.sortBy);
  return sql`select t.transaction_id from recon_transactions t ${joins} where ${whereOf(process, selection)}
    order by ${orderBy} limit ${page.limit} offset ${page.offset}`;
}

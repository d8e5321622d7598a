import type { ProcessDefinition } from '@web-control/contract/finance';
import {
  decodeReconQuery,
  FILTER_PARAM_PREFIX,
  type FilterItem,
} from '@web-control/contract/finance-results';
import { formatCurrency } from '../../../shared/format/currency';
import { formatFilterMinute } from '../../../shared/format/dates';
import { FILTER_TYPE_LABELS, type FilterField } from '../results/filter-rows';
import { filterFieldsOf } from '../results/results-columns';
import { STATUS_OPTION_LABELS, statusOptionOf } from '../results/status-options';

/** Query parameters that page or sort a request rather than choose its transactions. */
const NOT_FILTERS = new Set(['offset', 'limit', 'sortBy']);
/** The parameters the results query reads itself. */
const QUERY_PARAMS = new Set([...NOT_FILTERS, 'matchStatus', 'settlementStatus']);

function paramsOf(requestUrl: string): URLSearchParams {
  return new URLSearchParams(requestUrl.includes('?') ? requestUrl.slice(requestUrl.indexOf('?') + 1) : '');
}

/** Parameters as they were sent, 'name: value', empty ones dropped. */
function rawFilters(params: readonly [string, string][]): string[] {
  return params.filter(([, value]) => value.trim() !== '').map(([name, value]) => `${name}: ${value}`);
}

type LabelledField = FilterField & { label: string };

/** One filter as the Recon tab's panel set it: 'Amount more than R 200.00'. */
function describeFilter(item: FilterItem, field: LabelledField | undefined): string {
  const label = field?.label ?? item.fieldName;
  if (field?.type === 'DATETIME') {
    const at = (value: string | undefined) => (value === undefined ? '' : formatFilterMinute(value));
    if (item.type === 'LESS_THAN') return `${label} until ${at(item.value)}`;
    const to = item.type === 'BETWEEN' ? at(item.value2) : '';
    return to === '' ? `${label} from ${at(item.value)}` : `${label} from ${at(item.value)} to ${to}`;
  }
  // Money is written as the grid writes it; the query holds minor units.
  const shown = (value: string) =>
    field?.money && /^-?\d+$/.test(value) ? formatCurrency(Number(value)) : value;
  const value2 = item.value2 === undefined ? '' : ` and ${shown(item.value2)}`;
  return `${label} ${FILTER_TYPE_LABELS[item.type].toLowerCase()} ${shown(item.value)}${value2}`;
}

/**
 * The filters a by-filter request was made with, read back from its URL and written as the operator
 * chose them: 'Status: Matched', 'Amount more than R 200.00'. Paging and sorting are left out; a
 * query the results cannot read is shown as it was sent.
 */
export function describeRequestFilters(requestUrl: string | null, process: ProcessDefinition): string[] {
  if (requestUrl === null || requestUrl === '') return [];
  const params = paramsOf(requestUrl);
  const decoded = decodeReconQuery(params);
  if (!decoded.success) return rawFilters([...params].filter(([name]) => !NOT_FILTERS.has(name)));
  const { matchStatus, settlementStatus, filters } = decoded.data;
  const status = statusOptionOf({ matchStatus, settlementStatus });
  const statuses =
    status !== 'ALL'
      ? [`Status: ${STATUS_OPTION_LABELS[status]}`]
      : rawFilters([...params].filter(([name]) => name === 'matchStatus' || name === 'settlementStatus'));
  const fields = filterFieldsOf(process);
  const described = filters.map((item) =>
    describeFilter(
      item,
      fields.find((field) => field.name === item.fieldName),
    ),
  );
  const others = rawFilters(
    [...params].filter(([name]) => !QUERY_PARAMS.has(name) && !name.startsWith(FILTER_PARAM_PREFIX)),
  );
  return [...statuses, ...described, ...others];
}

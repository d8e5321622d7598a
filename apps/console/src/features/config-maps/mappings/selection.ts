import {
  mappingsQuerySchema,
  VERSION_APPLIED,
  VERSION_SUBMITTED,
  type MappingsQuery,
} from '@web-control/contract/config-maps';
import type { MappingView } from '../constants';
import type { PageQuery } from './page-url';

export type MappingMode = 'view' | 'edit';

export interface MappingFilters {
  mode: MappingMode;
  /** Edit mode only. */
  view: MappingView;
  keyPrefix: string;
  valuePrefix: string;
}

export const NO_FILTERS: MappingFilters = { mode: 'view', view: 'all', keyPrefix: '', valuePrefix: '' };

/**
 * The first page's query for what the filters select:
 * - Viewing: the applied version.
 * - Editing, All Mappings: the map as edited, each row's state against the applied version.
 * - Editing, All Changes: only what differs from the applied version.
 * - Editing, Unsubmitted Changes: only what differs from the newest submitted version.
 */
export function selectionOf(filters: MappingFilters): PageQuery {
  const query: MappingsQuery = {};
  if (filters.mode === 'view') query.version = VERSION_APPLIED;
  else if (filters.view === 'changes') query['updates-only'] = 'true';
  else if (filters.view === 'unsubmitted') {
    query['updates-only'] = 'true';
    query['version-from'] = VERSION_SUBMITTED;
  }
  if (filters.keyPrefix !== '') query['key-prefix'] = filters.keyPrefix;
  if (filters.valuePrefix !== '') query['value-prefix'] = filters.valuePrefix;
  return query as PageQuery;
}

/** What the platform would refuse in a prefix (one longer than any key or value), by field. */
export function prefixErrorsOf(filters: Pick<MappingFilters, 'keyPrefix' | 'valuePrefix'>): {
  keyPrefix?: string;
  valuePrefix?: string;
} {
  const key = mappingsQuerySchema.shape['key-prefix'].safeParse(filters.keyPrefix).error?.issues[0];
  const value = mappingsQuerySchema.shape['value-prefix'].safeParse(filters.valuePrefix).error?.issues[0];
  return {
    ...(key === undefined ? {} : { keyPrefix: key.message }),
    ...(value === undefined ? {} : { valuePrefix: value.message }),
  };
}

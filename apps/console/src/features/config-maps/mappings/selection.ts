import {
  mappingsQuerySchema,
  VERSION_APPLIED,
  VERSION_SUBMITTED,
  type MappingsQuery,
} from '@web-control/contract/config-maps';
import { schemaRefusal } from '../../../shared/forms/schema-refusal';
import { holdsCardNumberOrMask } from '../../../shared/url/url-params';
import type { z } from 'zod';
import { MAPPINGS_TEXTS, type MappingView } from '../constants';
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

/**
 * What the platform would refuse in a prefix (one longer than any key or value), by field; and a
 * card number, which is never searched (nor written to the address, so the list would show all),
 * nor the mask the address gives one in a link.
 */
export function prefixErrorsOf(filters: Pick<MappingFilters, 'keyPrefix' | 'valuePrefix'>): {
  keyPrefix?: string;
  valuePrefix?: string;
} {
  const refusalOf = (prefix: string, schema: z.ZodType) =>
    holdsCardNumberOrMask(prefix) ? MAPPINGS_TEXTS.cardNumberPrefix : schemaRefusal(schema, prefix);
  const key = refusalOf(filters.keyPrefix, mappingsQuerySchema.shape['key-prefix']);
  const value = refusalOf(filters.valuePrefix, mappingsQuerySchema.shape['value-prefix']);
  return {
    ...(key === null ? {} : { keyPrefix: key }),
    ...(value === null ? {} : { valuePrefix: value }),
  };
}

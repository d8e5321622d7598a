import type { Mapping, MappingState } from '@web-control/contract/config-maps';

export interface MappingDisplay {
  /** The value the Value column shows: a deleted row shows the value it had. */
  value: string;
  /** The value before the change, shown beside an updated value. */
  previousValue: string | null;
  /** Read out before the row's value, since the style alone says nothing to a screen reader. */
  stateLabel: string | null;
  /** Deleted rows offer neither edit nor delete. */
  editable: boolean;
}

const STATE_LABELS: Record<MappingState, string | null> = {
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  unchanged: null,
};

export function mappingDisplayOf(mapping: Mapping): MappingDisplay {
  const deleted = mapping.state === 'deleted';
  return {
    value: (deleted ? mapping.previousValue : mapping.value) ?? '',
    previousValue: mapping.state === 'updated' ? mapping.previousValue : null,
    stateLabel: STATE_LABELS[mapping.state],
    editable: !deleted,
  };
}

/**
 * Inline and modal edits are sent only when the value changed (section 5): the changed value, or
 * null when there is nothing to send.
 */
export function changedValueOf(current: string, typed: string): string | null {
  return typed === current ? null : typed;
}

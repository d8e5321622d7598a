import { describe, expect, it } from 'vitest';
import { STATUS_OPTION_LABELS, STATUS_OPTIONS, statusFilterOf, statusOptionOf } from './status-options';

describe('status radio group', () => {
  it('maps each option to the specification’s filter', () => {
    expect(STATUS_OPTIONS.map((option) => [STATUS_OPTION_LABELS[option], statusFilterOf(option)])).toEqual([
      ['Matched', { matchStatus: 'MATCHED', settlementStatus: 'PENDING' }],
      ['Unmatched', { matchStatus: 'UNMATCHED', settlementStatus: 'ISSUE' }],
      ['Partially matched', { matchStatus: 'MATCHED', settlementStatus: 'ISSUE' }],
      ['Issue', { settlementStatus: 'ISSUE' }],
      ['All transactions', {}],
    ]);
  });

  it('reads each option back from its filter, and an unknown pair as All transactions', () => {
    for (const option of STATUS_OPTIONS) expect(statusOptionOf(statusFilterOf(option))).toBe(option);
    expect(statusOptionOf({ matchStatus: 'REJECTED' })).toBe('ALL');
  });
});

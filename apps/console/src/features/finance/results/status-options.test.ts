import { describe, expect, it } from 'vitest';
import {
  linkedStatusText,
  STATUS_OPTION_LABELS,
  STATUS_OPTIONS,
  statusFilterOf,
  statusOptionOf,
} from './status-options';

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

  it('says a link’s statuses that no option gives, and nothing for an option’s', () => {
    expect(linkedStatusText({ matchStatus: 'PARTIALLY_MATCHED' })).toBe(
      'From the link: match status Partially matched.',
    );
    expect(linkedStatusText({ matchStatus: 'MATCHED', settlementStatus: 'SETTLED' })).toBe(
      'From the link: match status Matched, settlement status Settled.',
    );
    expect(linkedStatusText({ settlementStatus: 'PENDING' })).toBe(
      'From the link: settlement status Pending.',
    );
    for (const option of STATUS_OPTIONS) expect(linkedStatusText(statusFilterOf(option))).toBeNull();
  });
});

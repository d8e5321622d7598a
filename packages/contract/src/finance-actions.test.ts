import { describe, expect, it } from 'vitest';
import { describeAction } from './finance-actions.ts';

const META = { selectionType: null, requestUrl: null, records: null, transactionCount: null, fileName: null };

describe('action descriptions', () => {
  it('counts transactions, singular for one', () => {
    expect(describeAction({ type: 'ACCEPT_TRANSACTIONS', meta: { ...META, transactionCount: 1 } })).toBe(
      'Accept 1 transaction',
    );
    expect(describeAction({ type: 'REJECT_TRANSACTIONS', meta: { ...META, transactionCount: 3 } })).toBe(
      'Reject 3 transactions',
    );
    expect(describeAction({ type: 'RESOLVE_TRANSACTIONS', meta: { ...META, transactionCount: 0 } })).toBe(
      'Resolve 0 transactions',
    );
  });

  it('names the file of file actions', () => {
    expect(describeAction({ type: 'LOAD_FILE', meta: { ...META, fileName: 'a.csv' } })).toBe(
      'Load file a.csv',
    );
    expect(describeAction({ type: 'RELOAD_FILE', meta: { ...META, fileName: 'a.csv' } })).toBe(
      'Reload file a.csv',
    );
    expect(describeAction({ type: 'ROLLBACK_FILE', meta: { ...META, fileName: 'a.csv' } })).toBe(
      'Rollback file a.csv',
    );
  });
});

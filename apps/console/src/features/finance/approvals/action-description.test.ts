import type { Action } from '@web-control/contract/finance-actions';
import { describe, expect, it } from 'vitest';
import { reviewQuestion } from './action-description';

const META = { selectionType: null, requestUrl: null, records: null, transactionCount: null, fileName: null };

describe('the review question', () => {
  it('asks the review question with the requesting user', () => {
    const action: Action = {
      id: 'x',
      processId: 1,
      processName: 'Card Recon',
      type: 'LOAD_FILE',
      username: 'alice',
      comment: 'daily',
      createdDate: '2026-02-03T14:05:00.000Z',
      meta: { ...META, fileName: 'a.csv' },
    };
    expect(reviewQuestion('reject', action)).toBe(
      "Are you sure you want to reject alice's request to Load file a.csv?",
    );
  });
});

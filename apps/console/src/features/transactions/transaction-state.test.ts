import { TRANSACTION_STATES } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { stateKind } from './transaction-state';

describe('transaction state kinds', () => {
  it('gives each state of the specification its kind, and any other state info', () => {
    expect(Object.fromEntries(TRANSACTION_STATES.map((state) => [state, stateKind(state)]))).toEqual({
      'In flight': 'info',
      'SAF queue': 'incomplete',
      Approved: 'success',
      Declined: 'error',
      Timeout: 'unavailable',
      Completed: 'success',
      'Completed abnormally': 'info',
    });
    expect(stateKind('Reversed')).toBe('info');
  });
});

import type { ReconTransaction } from '@web-control/contract/finance';
import { describe, expect, it } from 'vitest';
import { AMOUNT_FIELD } from '../finance-fixtures';
import { fieldValueOf } from './results-columns';

const PARTIES = { '1': 'Switch', '2': 'Acquiring bank', '3': 'Card network' };

function transaction(overrides: Partial<ReconTransaction> = {}): ReconTransaction {
  return {
    id: '121',
    createdDateTime: '2026-12-07T00:10:00.000Z',
    matchStatus: 'MATCHED',
    settlementStatus: 'ISSUE',
    score: 67,
    records: [
      { type: 'PRIMARY', partyId: 1, fields: { amount: '29000' } },
      { type: 'PRIMARY', partyId: 2, fields: { amount: '29100' } },
      { type: 'PRIMARY', partyId: 3, fields: { amount: '29000' } },
    ],
    ...overrides,
  };
}

describe('a field’s value in the grid', () => {
  it('lists each value the parties disagree on with the parties that reported it', () => {
    expect(fieldValueOf(transaction(), AMOUNT_FIELD, PARTIES)).toBe(
      'R\u00a0290.00 (Switch, Card network) / R\u00a0291.00 (Acquiring bank)',
    );
  });

  it('puts the value of the party a resolve marked correct first, and says so', () => {
    const resolved = transaction({ settlementStatus: 'SETTLED', score: 100, correctPartyId: 2 });
    expect(fieldValueOf(resolved, AMOUNT_FIELD, PARTIES)).toBe(
      'R\u00a0291.00 (Acquiring bank, marked correct) / R\u00a0290.00 (Switch, Card network)',
    );
    // Shared with another party, the value still names the one marked correct.
    const bySwitch = transaction({ settlementStatus: 'SETTLED', score: 100, correctPartyId: 1 });
    expect(fieldValueOf(bySwitch, AMOUNT_FIELD, PARTIES)).toBe(
      'R\u00a0290.00 (Switch, Card network; Switch marked correct) / R\u00a0291.00 (Acquiring bank)',
    );
  });

  it('shows one value when the parties agree, resolved or not', () => {
    const agreed = transaction({
      correctPartyId: 1,
      records: [
        { type: 'PRIMARY', partyId: 1, fields: { amount: '29000' } },
        { type: 'PRIMARY', partyId: 2, fields: { amount: '29000' } },
      ],
    });
    expect(fieldValueOf(agreed, AMOUNT_FIELD, PARTIES)).toBe('R\u00a0290.00');
  });
});

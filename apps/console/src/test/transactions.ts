import type { EdgeMessage, Transaction } from '@web-control/contract/transactions';

/** A completed card purchase; a test overrides the fields its assertions read. */
export function buildTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    uuid: '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b',
    referenceNumber: 'REF-0001',
    originatorId: 'POS-0042',
    receiver: 'Card Issuer',
    serviceDesc: 'Purchase',
    tranState: 'Approved',
    timeStarted: '2026-02-03T12:05:09.000Z',
    timeCompleted: '2026-02-03T12:05:10.000Z',
    serverDesc: 'switch-1',
    serviceData: null,
    ...overrides,
  };
}

/** A request the POS gateway brought in once; a test overrides the fields its assertions read. */
export function buildEdgeMessage(overrides: Partial<EdgeMessage> = {}): EdgeMessage {
  return {
    id: '1',
    edgeName: 'pos-gateway',
    edgeType: 'INLET',
    direction: 'RECEIVE',
    nrRepeats: 1,
    content: '{"amount":1000}',
    messageDesc: 'Authorisation request',
    timeCreated: '2026-02-03T12:05:09.100Z',
    ...overrides,
  };
}

import type { TransactionLeg } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { buildEdgeMessage, buildTransaction } from '../../../test/transactions';
import { formatTrace } from './trace-text';

// The fields in the order the trace writes them.
const transaction = buildTransaction({
  uuid: '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b',
  referenceNumber: 'REF-20260203-0001',
  serviceDesc: 'Purchase',
  tranState: 'Approved',
  receiver: null,
  originatorId: 'POS-0042',
  timeStarted: '2026-02-03T12:05:09.000Z',
  timeCompleted: null,
});

const leg: TransactionLeg = {
  uuid: transaction.uuid,
  state: 'Completed',
  uuidPrev: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  uuidNext: null,
};

const messages = [
  buildEdgeMessage({
    id: '1',
    timeCreated: '2026-02-03T12:05:09.120Z',
    edgeName: 'pos-gateway',
    edgeType: 'INLET',
    direction: 'RECEIVE',
    messageDesc: 'Authorisation request',
    nrRepeats: 1,
    content: '{"amount":1000}',
  }),
  buildEdgeMessage({
    id: '2',
    timeCreated: '2026-02-03T12:05:09.250Z',
    edgeName: 'card-issuer',
    edgeType: 'OUTLET',
    direction: 'SEND',
    messageDesc: 'Issuer request',
    nrRepeats: 1500,
    content: '<Req><Amt>1000</Amt></Req>',
  }),
];

describe('formatTrace', () => {
  it('writes the transaction, then each message with its fields and pretty-printed content', () => {
    expect(formatTrace(transaction, leg, messages)).toBe(
      [
        'Transaction 6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b',
        'Reference: REF-20260203-0001',
        'Service: Purchase',
        'State: Approved',
        'Receiver: -',
        'Originator: POS-0042',
        'Started: 2026-02-03T12:05:09.000Z',
        'Completed: -',
        'Leg: 6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b (Completed)',
        'Previous leg: 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        'Next leg: -',
        '',
        'Messages: 2',
        '',
        '1. 2026-02-03T12:05:09.120Z  pos-gateway (INLET)  RECEIVE',
        '   Authorisation request',
        '   Repeats: 1',
        '    {',
        '      "amount": 1000',
        '    }',
        '',
        '2. 2026-02-03T12:05:09.250Z  card-issuer (OUTLET)  SEND',
        '   Issuer request',
        '   Repeats: 1500',
        '    <Req>',
        '      <Amt>1000</Amt>',
        '    </Req>',
        '',
      ].join('\n'),
    );
  });

  it('says when there are no messages yet', () => {
    expect(formatTrace(transaction, leg, [])).toContain('\n\nMessages: 0\n');
  });
});

import type { EdgeMessage, Transaction, TransactionLeg } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { formatTrace } from './trace-text';

const transaction: Transaction = {
  uuid: '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b',
  referenceNumber: 'REF-20260203-0001',
  originatorId: 'POS-0042',
  receiver: null,
  serviceDesc: 'Purchase',
  tranState: 'Approved',
  timeStarted: '2026-02-03T12:05:09.000Z',
  timeCompleted: null,
  serverDesc: 'switch-1',
  serviceData: null,
};

const leg: TransactionLeg = {
  uuid: transaction.uuid,
  state: 'Completed',
  uuidPrev: null,
  uuidNext: null,
};

const messages: EdgeMessage[] = [
  {
    id: '1',
    edgeName: 'pos-gateway',
    edgeType: 'INLET',
    direction: 'RECEIVE',
    nrRepeats: 1,
    content: '{"amount":1000}',
    messageDesc: 'Authorisation request',
    timeCreated: '2026-02-03T12:05:09.120Z',
  },
  {
    id: '2',
    edgeName: 'card-issuer',
    edgeType: 'OUTLET',
    direction: 'SEND',
    nrRepeats: 1500,
    content: '<Req><Amt>1000</Amt></Req>',
    messageDesc: 'Issuer request',
    timeCreated: '2026-02-03T12:05:09.250Z',
  },
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

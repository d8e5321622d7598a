import type { EdgeMessage } from '@web-control/contract/transactions';
import { describe, expect, it } from 'vitest';
import { describeMessage, formatRepeats, sortMessages } from './edge-messages';
import { messageBoxLabel } from './message-diagram';

function message(overrides: Partial<EdgeMessage>): EdgeMessage {
  return {
    id: '1',
    edgeName: 'pos-gateway',
    edgeType: 'INLET',
    direction: 'RECEIVE',
    nrRepeats: 1,
    content: '{}',
    messageDesc: 'Authorisation request',
    timeCreated: '2026-02-03T12:05:09.000Z',
    ...overrides,
  };
}

describe('formatRepeats', () => {
  it.each([
    [1, '1'],
    [2, '2'],
    [999, '999'],
    [1000, '999+'],
    [123456, '999+'],
  ])('shows %i as %s', (repeats, shown) => {
    expect(formatRepeats(repeats)).toBe(shown);
  });
});

describe('sortMessages', () => {
  it('orders by creation time, then by id as a number, without changing the input', () => {
    const input = [
      message({ id: '10', timeCreated: '2026-02-03T12:05:10.000Z' }),
      message({ id: '9', timeCreated: '2026-02-03T12:05:10.000Z' }),
      message({ id: '3', timeCreated: '2026-02-03T12:05:09.500Z' }),
    ];
    expect(sortMessages(input).map((m) => m.id)).toEqual(['3', '9', '10']);
    expect(input.map((m) => m.id)).toEqual(['10', '9', '3']);
  });
});

describe('message names', () => {
  it('say whether the switch received the message from the edge or sent it to the edge', () => {
    expect(describeMessage(message({}))).toBe('Authorisation request from pos-gateway');
    expect(describeMessage(message({ direction: 'SEND', messageDesc: 'Authorisation response' }))).toBe(
      'Authorisation response to pos-gateway',
    );
  });

  it('add the repeat count to a box only when the message repeated', () => {
    expect(messageBoxLabel(message({}))).toBe('Authorisation request from pos-gateway');
    expect(messageBoxLabel(message({ nrRepeats: 1000 }))).toBe(
      'Authorisation request from pos-gateway, 999+ repeats',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { buildEdgeMessage } from '../../../test/transactions';
import { describeMessage, formatRepeats, sortMessages } from './edge-messages';
import { messageBoxLabel } from './message-diagram';

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
      buildEdgeMessage({ id: '10', timeCreated: '2026-02-03T12:05:10.000Z' }),
      buildEdgeMessage({ id: '9', timeCreated: '2026-02-03T12:05:10.000Z' }),
      buildEdgeMessage({ id: '3', timeCreated: '2026-02-03T12:05:09.500Z' }),
    ];
    expect(sortMessages(input).map((m) => m.id)).toEqual(['3', '9', '10']);
    expect(input.map((m) => m.id)).toEqual(['10', '9', '3']);
  });
});

describe('message names', () => {
  it('say whether the switch received the message from the edge or sent it to the edge', () => {
    expect(describeMessage(buildEdgeMessage({}))).toBe('Authorisation request from pos-gateway');
    expect(
      describeMessage(buildEdgeMessage({ direction: 'SEND', messageDesc: 'Authorisation response' })),
    ).toBe('Authorisation response to pos-gateway');
  });

  it('add the repeat count to a box only when the message repeated', () => {
    expect(messageBoxLabel(buildEdgeMessage({}))).toBe('Authorisation request from pos-gateway');
    expect(messageBoxLabel(buildEdgeMessage({ nrRepeats: 1000 }))).toBe(
      'Authorisation request from pos-gateway, 999+ repeats',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { unpackIso8583 } from '@web-control/contract/iso8583';
import { cardAdvice, cardRequest, cardResponse, drawCardFacts, type CardExchange } from './card-messages.ts';
import { createRandom } from './random.ts';

const started = new Date('2026-03-02T08:15:00Z');
const sent = new Date('2026-03-02T08:15:00.200Z');

function exchangeFor(originatorTypeId: string, serviceTypeId = 'purchase'): CardExchange {
  const card = drawCardFacts(createRandom(7), { serviceTypeId, originatorTypeId, originatorId: 'POS931386' });
  return { card, amountMinor: 33649, stan: '731827', rrn: '111264646811', started };
}

const numbers = (wire: string) => unpackIso8583(wire).fields.map((field) => field.number);
const field = (wire: string, number: number) =>
  unpackIso8583(wire).fields.find((candidate) => candidate.number === number)?.value;

describe('the simulator’s card messages', () => {
  it('sends a chip-and-PIN purchase with the data elements an acquirer sends, the card data masked', () => {
    const exchange = exchangeFor('atm', 'cash-withdrawal');
    const request = cardRequest('0200', exchange, sent);
    expect(unpackIso8583(request).mti).toBe('0200');
    expect(numbers(request)).toEqual([
      2, 3, 4, 7, 11, 12, 13, 14, 18, 22, 25, 32, 35, 37, 41, 42, 43, 49, 52, 55,
    ]);
    const pan = field(request, 2) ?? '';
    expect(pan).toMatch(/^\d{6}\*+\d{4}$/);
    expect(field(request, 35)).toBe(pan);
    expect(field(request, 52)).toMatch(/^\*{16}$/);
    // The cryptogram (9F26) and the issuer application data (9F10) of DE 55 are never stored.
    expect(field(request, 55)).toContain(`9F2608${'*'.repeat(16)}`);
    expect(field(request, 55)).toMatch(/9F10\d{2}\*+/);
    expect(field(request, 4)).toBe('000000033649');
    expect(field(request, 7)).toBe('0302081500');
    expect(field(request, 11)).toBe('731827');
    expect(field(request, 37)).toBe('111264646811');
    expect(field(request, 49)).toBe('710');
  });

  it('sends an online purchase without track 2, PIN block or chip data', () => {
    const request = cardRequest('0200', exchangeFor('ecom'), sent);
    expect(numbers(request)).toEqual([2, 3, 4, 7, 11, 12, 13, 14, 18, 22, 25, 32, 37, 41, 42, 43, 49]);
    expect(field(request, 22)).toBe('812');
    expect(field(request, 25)).toBe('59');
  });

  it('answers an approval with its authorisation code and a decline without one', () => {
    const exchange = exchangeFor('pos');
    const approved = cardResponse('0110', exchange, sent, '00');
    expect(numbers(approved)).toEqual([2, 3, 4, 7, 11, 12, 13, 32, 37, 38, 39, 41, 42, 49]);
    expect(field(approved, 39)).toBe('00');
    const declined = cardResponse('0210', exchange, sent, '05');
    expect(numbers(declined)).not.toContain(38);
    expect(field(declined, 39)).toBe('05');
  });

  it('sends a reversal and a completion with the original data elements, each with the next STAN', () => {
    const exchange = exchangeFor('pos');
    const answered = new Date('2026-03-02T08:15:06Z');
    const reversal = cardAdvice('reversal', exchange, sent, new Date('2026-03-02T08:15:05Z'), answered);
    expect(unpackIso8583(reversal.advice).mti).toBe('0420');
    expect(numbers(reversal.advice)).toEqual([2, 3, 4, 7, 11, 12, 13, 32, 37, 39, 41, 42, 49, 90]);
    expect(field(reversal.advice, 11)).toBe('731828');
    expect(field(reversal.advice, 39)).toBe('68');
    expect(field(reversal.advice, 90)).toBe(`0100731827030208150000000100045${'0'.repeat(11)}`);
    expect(unpackIso8583(reversal.response).mti).toBe('0430');
    expect(field(reversal.response, 90)).toBe(field(reversal.advice, 90));

    const completion = cardAdvice('completion', exchange, sent, new Date('2026-03-02T08:15:05Z'), answered);
    expect(unpackIso8583(completion.advice).mti).toBe('0220');
    expect(numbers(completion.advice)).toContain(38);
    expect(unpackIso8583(completion.response).mti).toBe('0230');
  });
});

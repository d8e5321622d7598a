import { describe, expect, it } from 'vitest';
import { unpackIso8583 } from '@web-control/contract/iso8583';
import { networkManagementLegs } from './network-management.ts';

describe('network management on the card network links', () => {
  it('sends each card network an echo test every 5 minutes, answered by an 0810', () => {
    const legs = networkManagementLegs(Date.parse('2026-03-02T08:05:00Z'));
    expect(legs.map((leg) => `${leg.receiverName} ${leg.tranState}`)).toEqual([
      'Visa Base I Completed',
      'Mastercard Banknet Completed',
      'Amex Gateway (SAF) Completed',
    ]);
    const [request, response] = legs[0]?.messages ?? [];
    expect(request).toMatchObject({ direction: 'SEND', messageDesc: 'Echo test (0800)', nrRepeats: 1 });
    expect(unpackIso8583(request?.content ?? '')).toEqual({
      mti: '0800',
      bitmap: { primary: '8220000000000000', secondary: '0400000000000000' },
      fields: [
        { number: 7, value: '0302080500' },
        { number: 11, value: legs[0]?.stan },
        { number: 70, value: '301' },
      ],
    });
    expect(unpackIso8583(response?.content ?? '').mti).toBe('0810');
    expect(networkManagementLegs(Date.parse('2026-03-02T08:05:10Z'))).toEqual([]);
  });

  it('leaves the echo unanswered, sent three times, while the network is down', () => {
    // 2025-02-19T21:20:00Z: on a 5-minute mark and at the start of a Mastercard Banknet outage.
    const legs = networkManagementLegs(1_740_000_000_000);
    const mastercard = legs.find((leg) => leg.receiverId === 'mastercard-banknet');
    expect(mastercard?.tranState).toBe('Timeout');
    expect(mastercard?.messages.map((message) => [message.messageDesc, message.nrRepeats])).toEqual([
      ['Echo test (0800)', 3],
    ]);
  });
});

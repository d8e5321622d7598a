import {
  CARD_MESSAGE_DESCRIPTIONS,
  cardAdvice,
  cardRequest,
  cardResponse,
  type CardExchange,
} from './card-messages.ts';
import { RECEIVER_TIMEOUT_MS, type SimulatedTransaction } from './engine.ts';
import { createRandom, deriveSeed, later } from './random.ts';

/** Share of card timeouts whose receiver answers after all, too late. */
const LATE_RESPONSE_SHARE = 0.5;

/**
 * A card leg's edge messages, ISO 8583: the acquirer's 0200 (0100 for a pre-authorisation) and
 * the switch's answer; the authorisation (0100, or an 0120 advice when it waits in a
 * store-and-forward queue) to the card network and its 0110; a 0110 that comes after the timeout
 * for half the timeouts; the reversal or completion advice of a follow-up leg.
 */
export function cardLegMessages(
  exchange: CardExchange,
  serviceTypeId: string,
  outcome: SimulatedTransaction['outcome'],
) {
  const preAuthorisation = serviceTypeId === 'pre-authorisation';
  const inletMti = preAuthorisation ? '0100' : '0200';
  const inletAnswer = preAuthorisation ? '0110' : '0210';
  const outletMti = outcome === 'queued' ? '0120' : '0100';
  const inletCode = {
    approved: '00',
    declined: exchange.card.decline[0],
    timeout: '91',
    queued: '00',
    unrouted: '92',
  }[outcome];
  const lateRandom = createRandom(deriveSeed(Number(exchange.rrn), 68));
  return {
    inlet: (completed: Date) => ({
      request: cardRequest(inletMti, exchange, exchange.started),
      requestDesc: CARD_MESSAGE_DESCRIPTIONS[inletMti],
      response: cardResponse(inletAnswer, exchange, completed, inletCode),
      responseDesc:
        outcome === 'queued'
          ? `Store-and-forward acceptance (${inletAnswer})`
          : CARD_MESSAGE_DESCRIPTIONS[inletAnswer],
    }),
    outlet: (sent: Date, answered: Date) => ({
      request: cardRequest(outletMti, exchange, sent),
      requestDesc: CARD_MESSAGE_DESCRIPTIONS[outletMti],
      response: cardResponse(
        '0110',
        exchange,
        answered,
        outcome === 'approved' ? '00' : exchange.card.decline[0],
      ),
      responseDesc: CARD_MESSAGE_DESCRIPTIONS['0110'],
    }),
    lateResponse: (sent: Date) => {
      if (outcome !== 'timeout' || lateRandom() >= LATE_RESPONSE_SHARE) return undefined;
      const at = later(sent, RECEIVER_TIMEOUT_MS + 500 + lateRandom() * 2_500);
      return {
        content: cardResponse('0110', exchange, at, '00'),
        messageDesc: CARD_MESSAGE_DESCRIPTIONS['0110'],
        timeCreated: at,
      };
    },
    followUp: (kind: 'reversal' | 'completion', originalSent: Date, sent: Date, answered: Date) =>
      cardAdvice(kind, exchange, originalSent, sent, answered),
  };
}

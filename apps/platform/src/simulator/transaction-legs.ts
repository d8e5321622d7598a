import { randomUUID } from 'node:crypto';
import { cardKeyOf } from '@web-control/contract/transactions';
import { CARD_SERVICE_ID, DEMO_ORIGINATOR_TYPES, DEMO_SERVICE_TYPES } from '../db/demo-topology.ts';
import type {
  LegCatalogue,
  RecordedLeg,
  RecordedMessage,
  ServiceTypeProfile,
} from '../modules/transactions/repository.ts';
import { cardLegMessages } from './card-leg-messages.ts';
import { drawCardFacts, type CardExchange } from './card-messages.ts';
import type { SimulatedTransaction } from './engine.ts';
import {
  buildServiceData,
  drawAmount,
  inletMessages,
  jsonFollowUp,
  outletMessages,
  stateOf,
  TIMEOUT_RETRIES,
  type LegFacts,
} from './leg-content.ts';
import {
  createRandom,
  deriveSeed,
  drawDigits as digits,
  later,
  pickFrom as pick,
  pickWeighted,
  type Random,
} from './random.ts';

/**
 * What the switch records for a simulated request: its legs (a timed-out request is followed by a
 * reversal leg, some pre-authorisations by a completion leg) and each leg's edge messages, in the
 * formats the edges speak. The same random stream gives the same records except the uuids, which
 * come from the system: a 32-bit stream cannot draw a million distinct ones.
 */

/** Which originators use which service type; a type not listed is reached from any originator. */
const ORIGINATORS_BY_SERVICE_TYPE = new Map(DEMO_SERVICE_TYPES.map((type) => [type.id, type.originators]));
const REVERSAL_TYPE = 'reversal';
const COMPLETION_TYPE = 'completion';
/** Share of approved pre-authorisations completed at once (the rest stay open). */
const COMPLETION_SHARE = 0.4;
/** Share of store-and-forward messages stuck for long enough to be retried a thousand times or more. */
const STUCK_SAF_SHARE = 0.02;
export function createLegRecorder(catalogue: LegCatalogue) {
  const byService = new Map<string, { types: ServiceTypeProfile[]; cumulative: number[] }>();
  for (const type of catalogue.serviceTypes) {
    if (type.lbServiceId === null || type.trafficShare <= 0) continue;
    const entry = byService.get(type.lbServiceId) ?? { types: [], cumulative: [] };
    entry.types.push(type);
    entry.cumulative.push((entry.cumulative.at(-1) ?? 0) + type.trafficShare);
    byService.set(type.lbServiceId, entry);
  }
  const serviceTypes = new Map(catalogue.serviceTypes.map((type) => [type.id, type]));
  const originators = new Map(catalogue.originatorTypes.map((type) => [type.id, type]));
  const edges = new Map(DEMO_ORIGINATOR_TYPES.map((type) => [type.id, type]));

  /** The legs a simulated request leaves behind; empty when its service has no service type. */
  return function recordLegs(transaction: SimulatedTransaction, random: Random): RecordedLeg[] {
    const candidates = byService.get(transaction.serviceId);
    const serviceType = candidates?.types[pickWeighted(random, candidates.cumulative)];
    if (serviceType === undefined) return [];
    const allowed = (ORIGINATORS_BY_SERVICE_TYPE.get(serviceType.id) ?? [...originators.keys()]).filter(
      (id) => originators.has(id),
    );
    const originatorTypeId =
      allowed.length > 0 ? pick(random, allowed) : (catalogue.originatorTypes[0]?.id ?? 'unknown');
    const edge = edges.get(originatorTypeId);
    const facts: LegFacts = {
      transaction,
      serviceTypeId: serviceType.id,
      serviceDesc: serviceType.description,
      originatorTypeId,
      originatorDesc: originators.get(originatorTypeId)?.description ?? originatorTypeId,
      originatorId: `${edge?.idPrefix ?? 'ORG'}${digits(random, 6)}`,
      reference: digits(random, 12),
      amount: drawAmount(random, serviceType.id),
      maskedPan: `${pick(random, ['489537', '521729', '410374', '535316'])}******${digits(random, 4)}`,
      account: `${digits(random, 2)}*****${digits(random, 3)}`,
      msisdn: `+27${pick(random, ['82', '83', '72', '84'])}***${digits(random, 4)}`,
      stan: digits(random, 6),
      card: null,
    };
    if (transaction.serviceId === CARD_SERVICE_ID) {
      // A stream of its own, so that card legs draw what they draw without moving other legs'.
      const cardRandom = createRandom(deriveSeed(Number(facts.reference), 8583));
      facts.card = drawCardFacts(cardRandom, facts);
      facts.maskedPan = facts.card.maskedPan;
    }
    const state = stateOf(transaction.outcome, serviceType.id);
    const started = transaction.time;
    const completed = later(started, transaction.latencyMs);
    const stuck = random() < STUCK_SAF_SHARE;
    const retransmits =
      transaction.outcome === 'queued'
        ? stuck
          ? 1000 + Math.floor(random() * 4000)
          : 1 + Math.floor(random() * 30)
        : 0;
    const approved = transaction.outcome === 'approved';
    const responseCode = {
      approved: '00',
      declined: '05',
      timeout: '91',
      queued: '00',
      unrouted: '92',
    }[transaction.outcome];
    const inletEdge = edge?.edgeName ?? `${facts.originatorDesc} Gateway`;
    const format = edge?.format ?? 'json';
    const outletSent = transaction.outcome === 'unrouted' ? started : later(started, 1 + random() * 3);
    const exchange: CardExchange | null =
      facts.card === null
        ? null
        : { card: facts.card, amountMinor: facts.amount, stan: facts.stan, rrn: facts.reference, started };
    const card = exchange === null ? null : cardLegMessages(exchange, serviceType.id, transaction.outcome);
    const inlet = card?.inlet(completed) ?? {
      ...inletMessages(facts, format, responseCode),
      requestDesc: 'Financial request (0200)',
      responseDesc:
        transaction.outcome === 'queued'
          ? 'Store-and-forward acceptance (0210)'
          : 'Financial response (0210)',
    };
    const outlet =
      card?.outlet(outletSent, later(completed, -1)) ??
      outletMessages(facts, transaction.serviceId, approved);
    const receiverEdge = transaction.receiverName ?? 'Unrouted';

    const messages: RecordedMessage[] = [
      {
        edgeName: inletEdge,
        edgeType: 'INLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: inlet.request,
        messageDesc: inlet.requestDesc,
        timeCreated: started,
      },
    ];
    if (transaction.outcome !== 'unrouted') {
      messages.push({
        edgeName: receiverEdge,
        edgeType: 'OUTLET',
        direction: 'SEND',
        nrRepeats:
          transaction.outcome === 'timeout'
            ? TIMEOUT_RETRIES
            : transaction.outcome === 'queued'
              ? 1 + retransmits
              : 1,
        content: outlet.request,
        messageDesc: outlet.requestDesc,
        timeCreated: outletSent,
      });
    }
    if (transaction.outcome === 'approved' || transaction.outcome === 'declined') {
      messages.push({
        edgeName: receiverEdge,
        edgeType: 'OUTLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: outlet.response,
        messageDesc: outlet.responseDesc,
        timeCreated: later(completed, -1),
      });
    }
    messages.push({
      edgeName: inletEdge,
      edgeType: 'INLET',
      direction: 'SEND',
      nrRepeats: 1,
      content: inlet.response,
      messageDesc: inlet.responseDesc,
      timeCreated: completed,
    });
    const late = card?.lateResponse(outletSent);
    if (late !== undefined) {
      messages.push({
        edgeName: receiverEdge,
        edgeType: 'OUTLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        ...late,
      });
    }

    const first: RecordedLeg = {
      uuid: randomUUID(),
      referenceNumber: facts.reference,
      originatorTypeId,
      originatorId: facts.originatorId,
      serviceTypeId: serviceType.id,
      serviceDesc: serviceType.description,
      receiverId: transaction.receiverId,
      receiverName: transaction.receiverName,
      serverDesc: transaction.nodeDescription,
      tranState: state,
      timeStarted: started,
      timeCompleted: transaction.outcome === 'queued' ? null : completed,
      uuidPrev: null,
      uuidNext: null,
      serviceData:
        transaction.outcome === 'unrouted' ? null : buildServiceData(facts, state, random, retransmits),
      stan: facts.stan,
      cardKey: facts.card === null ? null : (cardKeyOf(facts.card.maskedPan) ?? null),
      messages,
    };

    const followUpType =
      transaction.outcome === 'timeout' && transaction.serviceId !== 'eft-payments'
        ? serviceTypes.get(REVERSAL_TYPE)
        : approved && serviceType.id === 'pre-authorisation' && random() < COMPLETION_SHARE
          ? serviceTypes.get(COMPLETION_TYPE)
          : undefined;
    if (followUpType === undefined) return [first];

    const reversal = followUpType.id === REVERSAL_TYPE;
    const followStarted = later(completed, 50 + random() * 200);
    const followCompleted = later(followStarted, 80 + random() * 300);
    const follow =
      card?.followUp(reversal ? 'reversal' : 'completion', outletSent, followStarted, followCompleted) ??
      jsonFollowUp(facts, reversal);
    const second: RecordedLeg = {
      ...first,
      uuid: randomUUID(),
      serviceTypeId: followUpType.id,
      serviceDesc: followUpType.description,
      tranState: 'Completed',
      timeStarted: followStarted,
      timeCompleted: followCompleted,
      uuidPrev: first.uuid,
      serviceData: reversal ? null : buildServiceData(facts, 'Completed', random, 0),
      messages: [
        {
          edgeName: receiverEdge,
          edgeType: 'OUTLET',
          direction: 'SEND',
          nrRepeats: 1,
          content: follow.advice,
          messageDesc: reversal ? 'Reversal advice (0420)' : 'Completion advice (0220)',
          timeCreated: followStarted,
        },
        {
          edgeName: receiverEdge,
          edgeType: 'OUTLET',
          direction: 'RECEIVE',
          nrRepeats: 1,
          content: follow.response,
          messageDesc: reversal ? 'Reversal advice response (0430)' : 'Completion advice response (0230)',
          timeCreated: followCompleted,
        },
      ],
    };
    first.uuidNext = second.uuid;
    return [first, second];
  };
}

export type LegRecorder = ReturnType<typeof createLegRecorder>;

/**
 * Splits legs into those that have started by `tickEnd`, in time order, and those to hold back
 * for a later tick (follow-up legs start after their tick ends). Writing legs in the order they
 * start keeps insertion order and list order the same, which is what pins a first page.
 */
export function takeStartedLegs(
  legs: readonly RecordedLeg[],
  tickEnd: number,
): { started: RecordedLeg[]; later: RecordedLeg[] } {
  const started: RecordedLeg[] = [];
  const later: RecordedLeg[] = [];
  for (const leg of legs) {
    (leg.timeStarted.getTime() <= tickEnd ? started : later).push(leg);
  }
  started.sort((a, b) => a.timeStarted.getTime() - b.timeStarted.getTime());
  return { started, later };
}

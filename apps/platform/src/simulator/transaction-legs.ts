import { randomUUID } from 'node:crypto';
import {
  cardKeyOf,
  formatCompactIso,
  type ServiceData,
  type ServiceDataEntry,
} from '@web-control/contract/transactions';
import {
  CARD_SERVICE_ID,
  DEMO_ORIGINATOR_TYPES,
  DEMO_SERVICE_TYPES,
  type MessageFormat,
} from '../db/demo-topology.ts';
import type {
  LegCatalogue,
  RecordedLeg,
  RecordedMessage,
  ServiceTypeProfile,
} from '../modules/transactions/repository.ts';
import { cardLegMessages } from './card-leg-messages.ts';
import { DECLINES, drawCardFacts, type CardExchange, type CardFacts } from './card-messages.ts';
import type { SimulatedTransaction } from './engine.ts';
import {
  createRandom,
  deriveSeed,
  drawDigits as digits,
  drawHexDigits,
  drawLogNormal,
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
const TIMEOUT_RETRIES = 3;
/** The card service: its legs are ISO 8583 messages (card-messages.ts). */
const BANKS = [
  ['FNB', '250655'],
  ['Standard Bank', '051001'],
  ['Absa', '632005'],
  ['Nedbank', '198765'],
  ['Capitec', '470010'],
] as const;

function rands(minor: number): string {
  return (minor / 100).toFixed(2);
}

function drawAmount(random: Random, serviceTypeId: string): number {
  switch (serviceTypeId) {
    case 'cash-withdrawal':
      return (2 + Math.floor(random() * 40)) * 5_000;
    case 'balance-enquiry':
      return 0;
    case 'airtime':
    case 'data-bundle':
      return pick(random, [500, 1_000, 2_900, 5_000, 9_900, 14_900, 29_900]);
    case 'eft-credit':
    case 'debit-order':
      return Math.round(drawLogNormal(random, 150_000, 1.1));
    default:
      return Math.max(100, Math.round(drawLogNormal(random, 35_000, 0.9)));
  }
}

interface LegFacts {
  transaction: SimulatedTransaction;
  serviceTypeId: string;
  serviceDesc: string;
  originatorTypeId: string;
  originatorDesc: string;
  originatorId: string;
  reference: string;
  amount: number;
  maskedPan: string;
  account: string;
  msisdn: string;
  stan: string;
  /** Card legs only: the card and where it was used. */
  card: CardFacts | null;
}

function currency(name: string, minor: number): ServiceDataEntry {
  return { name, value: minor, meta: { currency: 'ZAR' } };
}

function buildServiceData(facts: LegFacts, state: string, random: Random, retransmits: number): ServiceData {
  const { serviceTypeId, amount } = facts;
  const cardBased = ['purchase', 'cash-withdrawal', 'balance-enquiry', 'pre-authorisation'].includes(
    serviceTypeId,
  );
  const base: ServiceDataEntry[] = [
    currency('Amount', amount),
    {
      name: 'Originator',
      value: [
        { name: 'Type', value: facts.originatorDesc },
        { name: 'ID', value: facts.originatorId },
      ],
    },
    cardBased ? { name: 'Card', value: facts.maskedPan } : { name: 'Account', value: facts.account },
    { name: 'STAN', value: facts.stan },
  ];
  const approved = state === 'Approved' || state === 'Completed';
  const service: ServiceDataEntry[] = [];
  if ((serviceTypeId === 'purchase' || serviceTypeId === 'pre-authorisation') && facts.card !== null) {
    const [merchant, category, city] = facts.card.acceptor;
    service.push({
      name: 'Merchant',
      value: [
        { name: 'Name', value: merchant },
        { name: 'Category code', value: category },
        { name: 'City', value: city },
      ],
    });
    service.push(currency('Cashback', serviceTypeId === 'purchase' && random() < 0.1 ? 20_000 : 0));
  } else if (serviceTypeId === 'cash-withdrawal') {
    service.push(currency('ATM fee', 1_050), currency('Dispensed', approved ? amount : 0));
  } else if (serviceTypeId === 'balance-enquiry') {
    const available = Math.round(drawLogNormal(random, 800_000, 1));
    service.push(currency('Available balance', available), currency('Ledger balance', available + 12_500));
  } else if (serviceTypeId === 'eft-credit' || serviceTypeId === 'debit-order') {
    const [bank, branch] = pick(random, BANKS);
    service.push(
      {
        name: 'Beneficiary',
        value: [
          { name: 'Bank', value: bank },
          { name: 'Branch code', value: branch },
          { name: 'Account', value: `${digits(random, 2)}*****${digits(random, 3)}` },
        ],
      },
      { name: 'Statement reference', value: `INV ${digits(random, 6)}` },
    );
  } else {
    service.push(
      { name: 'Network', value: facts.transaction.receiverName ?? 'Unknown' },
      { name: 'MSISDN', value: facts.msisdn },
    );
    // 12 digits: a serial never reads as a card number (13 to 19 digits).
    if (approved) service.push({ name: 'Voucher serial', value: digits(random, 12) });
  }
  if (approved && facts.serviceTypeId !== 'balance-enquiry') {
    service.push({
      name: 'Authorisation code',
      value: facts.card?.authCode ?? drawHexDigits(random, 6).toUpperCase(),
    });
  }
  const error: ServiceDataEntry[] = [];
  if (state === 'Declined') {
    const [code, reason] = facts.card?.decline ?? pick(random, DECLINES);
    error.push({ name: 'Response code', value: code }, { name: 'Reason', value: reason });
  } else if (state === 'Timeout') {
    error.push(
      { name: 'Response code', value: '91' },
      { name: 'Reason', value: 'The receiver did not answer within 5 seconds' },
      { name: 'Attempts', value: TIMEOUT_RETRIES },
    );
  } else if (state === 'SAF queue') {
    error.push(
      {
        name: 'Reason',
        value: 'The receiver is unavailable; the advice waits in its store-and-forward queue',
      },
      { name: 'Retransmits', value: retransmits },
    );
  }
  return { base, service, error };
}

function stateOf(outcome: SimulatedTransaction['outcome'], serviceTypeId: string): string {
  switch (outcome) {
    case 'approved':
      return ['balance-enquiry', 'eft-credit', 'debit-order'].includes(serviceTypeId)
        ? 'Completed'
        : 'Approved';
    case 'declined':
      return 'Declined';
    case 'timeout':
      return 'Timeout';
    case 'queued':
      return 'SAF queue';
    case 'unrouted':
      return 'Completed abnormally';
  }
}

/** The originator's request and the switch's answer, in the inlet's format. */
function inletMessages(facts: LegFacts, format: MessageFormat, responseCode: string) {
  const { reference, amount, stan } = facts;
  if (format === 'text') {
    return {
      request: [
        `TXN ${facts.serviceTypeId.toUpperCase()}`,
        `REF ${reference}`,
        `TELLER ${facts.originatorId}`,
        `ACC ${facts.account}`,
        `AMT ${rands(amount)} ZAR`,
      ].join('\n'),
      response: [
        `REF ${reference}`,
        `RC ${responseCode}`,
        `TEXT ${responseCode === '00' ? 'APPROVED' : 'NOT APPROVED'}`,
      ].join('\n'),
    };
  }
  const request = JSON.stringify({
    mti: '0200',
    processingCode: facts.serviceTypeId === 'balance-enquiry' ? '310000' : '000000',
    amount: amount.toString().padStart(12, '0'),
    currency: '710',
    stan,
    rrn: reference,
    terminalId: facts.originatorId,
    pan: facts.maskedPan,
    service: facts.serviceDesc,
    transmitted: formatCompactIso(facts.transaction.time),
  });
  const response = JSON.stringify({ mti: '0210', rrn: reference, stan, responseCode });
  return { request, response };
}

/** The switch's request to the receiver and its answer, in the outlet's format. */
function outletMessages(facts: LegFacts, lbServiceId: string, approved: boolean) {
  const { reference, amount, stan } = facts;
  if (lbServiceId === 'eft-payments') {
    return {
      requestDesc: 'Credit transfer (pacs.008)',
      responseDesc: 'Payment status report (pacs.002)',
      request:
        `<Document><FIToFICstmrCdtTrf><GrpHdr><MsgId>${reference}</MsgId>` +
        `<CreDtTm>${facts.transaction.time.toISOString()}</CreDtTm><NbOfTxs>1</NbOfTxs></GrpHdr>` +
        `<CdtTrfTxInf><PmtId><EndToEndId>${reference}</EndToEndId></PmtId>` +
        `<IntrBkSttlmAmt Ccy="ZAR">${rands(amount)}</IntrBkSttlmAmt>` +
        `<DbtrAcct><Id>${facts.account}</Id></DbtrAcct></CdtTrfTxInf></FIToFICstmrCdtTrf></Document>`,
      response:
        `<Document><FIToFIPmtStsRpt><OrgnlGrpInfAndSts><OrgnlMsgId>${reference}</OrgnlMsgId>` +
        `<GrpSts>${approved ? 'ACSC' : 'RJCT'}</GrpSts></OrgnlGrpInfAndSts></FIToFIPmtStsRpt></Document>`,
    };
  }
  if (lbServiceId === 'airtime-vending') {
    return {
      requestDesc: 'Vend request',
      responseDesc: 'Vend response',
      request:
        `<VendRequest><Reference>${reference}</Reference><Msisdn>${facts.msisdn}</Msisdn>` +
        `<Product>${facts.serviceDesc}</Product><Amount currency="ZAR">${amount}</Amount></VendRequest>`,
      response:
        `<VendResponse><Reference>${reference}</Reference><Status>${approved ? 'OK' : 'FAILED'}</Status>` +
        `</VendResponse>`,
    };
  }
  return {
    requestDesc: 'Authorisation request (0100)',
    responseDesc: 'Authorisation response (0110)',
    request: JSON.stringify({
      mti: '0100',
      pan: facts.maskedPan,
      amount: amount.toString().padStart(12, '0'),
      currency: '710',
      stan,
      rrn: reference,
      acceptor: { terminalId: facts.originatorId, country: 'ZA' },
    }),
    response: JSON.stringify({ mti: '0110', rrn: reference, stan, responseCode: approved ? '00' : '05' }),
  };
}

/** The follow-up leg's messages where the receiver does not speak ISO 8583. */
function jsonFollowUp(facts: LegFacts, reversal: boolean): { advice: string; response: string } {
  return {
    advice: JSON.stringify({
      mti: reversal ? '0420' : '0220',
      rrn: facts.reference,
      stan: facts.stan,
      originalMti: '0100',
    }),
    response: JSON.stringify({ mti: reversal ? '0430' : '0230', rrn: facts.reference, responseCode: '00' }),
  };
}

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

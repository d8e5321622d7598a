import { randomUUID } from 'node:crypto';
import {
  formatCompactIso,
  type ServiceData,
  type ServiceDataEntry,
} from '@web-control/contract/transactions';
import { DEMO_ORIGINATOR_TYPES, DEMO_SERVICE_TYPES, type MessageFormat } from '../db/demo-topology.ts';
import type {
  LegCatalogue,
  RecordedLeg,
  RecordedMessage,
  ServiceTypeProfile,
} from '../modules/transactions/repository.ts';
import type { SimulatedTransaction } from './engine.ts';
import {
  drawDigits as digits,
  drawLogNormal,
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

const MERCHANTS = [
  ['Checkers Sandton City', '5411', 'Johannesburg'],
  ['Woolworths V&A Waterfront', '5411', 'Cape Town'],
  ['Engen Umhlanga', '5541', 'Durban'],
  ['Takealot Online', '5399', 'Cape Town'],
  ['Mr Price Menlyn', '5651', 'Pretoria'],
  ['Dis-Chem Rosebank', '5912', 'Johannesburg'],
] as const;
const BANKS = [
  ['FNB', '250655'],
  ['Standard Bank', '051001'],
  ['Absa', '632005'],
  ['Nedbank', '198765'],
  ['Capitec', '470010'],
] as const;
const DECLINES = [
  ['05', 'Do not honour'],
  ['51', 'Insufficient funds'],
  ['54', 'Expired card'],
  ['55', 'Incorrect PIN'],
  ['61', 'Exceeds withdrawal limit'],
] as const;

function hex(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += Math.floor(random() * 16).toString(16);
  return text;
}

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
  if (serviceTypeId === 'purchase' || serviceTypeId === 'pre-authorisation') {
    const [merchant, category, city] = pick(random, MERCHANTS);
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
    if (approved) service.push({ name: 'Voucher serial', value: digits(random, 16) });
  }
  if (approved && facts.serviceTypeId !== 'balance-enquiry') {
    service.push({ name: 'Authorisation code', value: hex(random, 6).toUpperCase() });
  }
  const error: ServiceDataEntry[] = [];
  if (state === 'Declined') {
    const [code, reason] = pick(random, DECLINES);
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

function later(time: Date, milliseconds: number): Date {
  return new Date(time.getTime() + Math.round(milliseconds));
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
    };
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
    const inlet = inletMessages(facts, format, responseCode);
    const outlet = outletMessages(facts, transaction.serviceId, approved);
    const receiverEdge = transaction.receiverName ?? 'Unrouted';

    const messages: RecordedMessage[] = [
      {
        edgeName: inletEdge,
        edgeType: 'INLET',
        direction: 'RECEIVE',
        nrRepeats: 1,
        content: inlet.request,
        messageDesc: 'Financial request (0200)',
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
        timeCreated: later(started, 1 + random() * 3),
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
      messageDesc:
        transaction.outcome === 'queued'
          ? 'Store-and-forward acceptance (0210)'
          : 'Financial response (0210)',
      timeCreated: completed,
    });

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
          content: JSON.stringify({
            mti: reversal ? '0420' : '0220',
            rrn: facts.reference,
            stan: facts.stan,
            originalMti: '0100',
          }),
          messageDesc: reversal ? 'Reversal advice (0420)' : 'Completion advice (0220)',
          timeCreated: followStarted,
        },
        {
          edgeName: receiverEdge,
          edgeType: 'OUTLET',
          direction: 'RECEIVE',
          nrRepeats: 1,
          content: JSON.stringify({
            mti: reversal ? '0430' : '0230',
            rrn: facts.reference,
            responseCode: '00',
          }),
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

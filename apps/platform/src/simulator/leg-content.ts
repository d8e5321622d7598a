import {
  formatCompactIso,
  type ServiceData,
  type ServiceDataEntry,
} from '@web-control/contract/transactions';
import type { MessageFormat } from '../db/demo-topology.ts';
import { DECLINES, type CardFacts } from './card-messages.ts';
import type { SimulatedTransaction } from './engine.ts';
import {
  drawDigits as digits,
  drawHexDigits,
  drawLogNormal,
  pickFrom as pick,
  type Random,
} from './random.ts';

/**
 * What a simulated leg carries: its amount, its service data as the switch records it, and the
 * messages at its inlet and outlet edges in the formats those edges speak.
 */

/** The attempts of a request its receiver does not answer, before the switch gives up on it. */
export const TIMEOUT_RETRIES = 3;

/** The banks the simulated accounts are held at, with their branch codes. */
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

export function drawAmount(random: Random, serviceTypeId: string): number {
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

export interface LegFacts {
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

export function buildServiceData(
  facts: LegFacts,
  state: string,
  random: Random,
  retransmits: number,
): ServiceData {
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

export function stateOf(outcome: SimulatedTransaction['outcome'], serviceTypeId: string): string {
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
export function inletMessages(facts: LegFacts, format: MessageFormat, responseCode: string) {
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
export function outletMessages(facts: LegFacts, lbServiceId: string, approved: boolean) {
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
export function jsonFollowUp(facts: LegFacts, reversal: boolean): { advice: string; response: string } {
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

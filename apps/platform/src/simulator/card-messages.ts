import { writeEmvElements } from '@web-control/contract/iso8583-emv';
import { isLuhnValid, maskPan } from '@web-control/contract/iso8583-masking';
import { packIso8583 } from '@web-control/contract/iso8583';
import { drawDigits, drawHexDigits, pickFrom, type Random } from './random.ts';

/**
 * The ISO 8583:1987 messages of a card leg, as an acquirer and a card network exchange them.
 * Each is packed with the contract's codec, which masks the card number, track 2, PIN block and
 * cryptograms before anything leaves this file.
 */

/** The switch's own institution id (DE 32) and the acceptors' country and zone. */
const ACQUIRER_ID = '100045';
const CURRENCY_ZAR = '710';
const COUNTRY_ZA = '0710';
/** South Africa keeps no daylight saving: local time is UTC+2 all year. */
const ACCEPTOR_UTC_OFFSET_MS = 2 * 60 * 60 * 1000;

const BINS = ['489537', '521729', '410374', '535316'] as const;
const AIDS: Readonly<Record<string, string>> = { '4': 'A0000000031010', '5': 'A0000000041010' };
const MERCHANTS = [
  ['Checkers Sandton City', '5411', 'Johannesburg'],
  ['Woolworths V&A Waterfront', '5411', 'Cape Town'],
  ['Engen Umhlanga', '5541', 'Durban'],
  ['Takealot Online', '5399', 'Cape Town'],
  ['Mr Price Menlyn', '5651', 'Pretoria'],
  ['Dis-Chem Rosebank', '5912', 'Johannesburg'],
] as const;
const ATMS = [
  ['Sandton City ATM', '6011', 'Johannesburg'],
  ['Canal Walk ATM', '6011', 'Cape Town'],
  ['Gateway ATM', '6011', 'Durban'],
] as const;
const APP: Acceptor = ['Mobile Banking App', '6012', 'Johannesburg'];
export const DECLINES = [
  ['05', 'Do not honour'],
  ['51', 'Insufficient funds'],
  ['54', 'Expired card'],
  ['55', 'Incorrect PIN'],
  ['61', 'Exceeds withdrawal limit'],
] as const;

type Acceptor = readonly [name: string, category: string, city: string];

export interface CardFacts {
  /** Only ever handed to the packer, which masks it. */
  pan: string;
  maskedPan: string;
  /** YYMM. */
  expiry: string;
  processingCode: string;
  /** DE 22: how the card was read, and whether the terminal takes PINs. */
  entryMode: string;
  conditionCode: string;
  terminalId: string;
  acceptorId: string;
  acceptor: Acceptor;
  withPin: boolean;
  chip: boolean;
  authCode: string;
  decline: (typeof DECLINES)[number];
  /** Random bytes the chip and the PIN pad would have produced. */
  secrets: { pinBlock: string; cryptogram: string; issuerData: string; unpredictable: string; atc: string };
}

/** `bytes` random bytes as upper-case hexadecimal. */
function hexBytes(random: Random, bytes: number): string {
  return drawHexDigits(random, bytes * 2).toUpperCase();
}

/** A 16-digit number that passes Luhn's check, as a real card's would. */
function drawPan(random: Random): string {
  const body = pickFrom(random, BINS) + drawDigits(random, 9);
  for (let check = 0; check < 10; check += 1) {
    if (isLuhnValid(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable: one check digit always fits');
}

const PROCESSING_CODES: Readonly<Record<string, string>> = {
  'cash-withdrawal': '011000',
  'balance-enquiry': '311000',
};

export function drawCardFacts(
  random: Random,
  leg: { serviceTypeId: string; originatorTypeId: string; originatorId: string },
): CardFacts {
  const pan = drawPan(random);
  const { originatorTypeId } = leg;
  const atm = originatorTypeId === 'atm';
  const online = originatorTypeId === 'ecom' || originatorTypeId === 'mobile';
  const contactless = originatorTypeId === 'pos' && random() < 0.6;
  let entryMode = '051';
  if (online) entryMode = originatorTypeId === 'ecom' ? '812' : '102';
  else if (contactless) entryMode = '071';
  let acceptor: Acceptor = APP;
  if (atm) acceptor = pickFrom(random, ATMS);
  else if (originatorTypeId !== 'mobile') acceptor = pickFrom(random, MERCHANTS);
  return {
    pan,
    maskedPan: maskPan(pan),
    expiry: `${27 + Math.floor(random() * 4)}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}`,
    processingCode: PROCESSING_CODES[leg.serviceTypeId] ?? '000000',
    entryMode,
    conditionCode: atm ? '02' : online ? (originatorTypeId === 'ecom' ? '59' : '01') : '00',
    // DE 41 holds 8 characters: the kind of terminal and its number.
    terminalId: `${originatorTypeId.slice(0, 2).toUpperCase()}${leg.originatorId.slice(-6)}`,
    acceptorId: leg.originatorId,
    acceptor,
    withPin: atm || (!online && !contactless),
    chip: !online,
    authCode: hexBytes(random, 3),
    decline: pickFrom(random, DECLINES),
    secrets: {
      pinBlock: hexBytes(random, 8),
      cryptogram: hexBytes(random, 8),
      issuerData: `0601${hexBytes(random, 5)}`,
      unpredictable: hexBytes(random, 4),
      atc: hexBytes(random, 2),
    },
  };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** MMDDhhmmss in UTC (DE 7). */
export function transmission(at: Date): string {
  return (
    pad2(at.getUTCMonth() + 1) +
    pad2(at.getUTCDate()) +
    pad2(at.getUTCHours()) +
    pad2(at.getUTCMinutes()) +
    pad2(at.getUTCSeconds())
  );
}

/** DE 12 (hhmmss) and 13 (MMDD): the acceptor's local time. */
function localTime(at: Date): { time: string; date: string } {
  const local = new Date(at.getTime() + ACCEPTOR_UTC_OFFSET_MS);
  return {
    time: pad2(local.getUTCHours()) + pad2(local.getUTCMinutes()) + pad2(local.getUTCSeconds()),
    date: pad2(local.getUTCMonth() + 1) + pad2(local.getUTCDate()),
  };
}

/** DE 43: name (25), city (13), country (2). */
function nameLocation([name, , city]: Acceptor): string {
  return name.padEnd(25).slice(0, 25) + city.padEnd(13).slice(0, 13) + 'ZA';
}

function iccData(card: CardFacts, amount: string, at: Date): string {
  const local = new Date(at.getTime() + ACCEPTOR_UTC_OFFSET_MS);
  const date = String(local.getUTCFullYear() % 100).padStart(2, '0') + localTime(at).date;
  return writeEmvElements([
    { tag: '82', value: '1980' },
    { tag: '84', value: AIDS[card.pan[0] ?? '4'] ?? 'A0000000031010' },
    { tag: '95', value: '0000008000' },
    { tag: '9A', value: date },
    { tag: '9C', value: card.processingCode.slice(0, 2) },
    { tag: '9F02', value: amount },
    { tag: '5F2A', value: COUNTRY_ZA },
    { tag: '9F1A', value: COUNTRY_ZA },
    { tag: '9F26', value: card.secrets.cryptogram },
    { tag: '9F27', value: '80' },
    { tag: '9F10', value: card.secrets.issuerData },
    { tag: '9F36', value: card.secrets.atc },
    { tag: '9F37', value: card.secrets.unpredictable },
    { tag: '9F34', value: card.withPin ? '420300' : '1F0302' },
  ]);
}

export interface CardExchange {
  card: CardFacts;
  amountMinor: number;
  stan: string;
  rrn: string;
  /** When the cardholder's transaction started (DE 12 and 13). */
  started: Date;
}

/** The fields every message of the exchange carries. */
function common(exchange: CardExchange, sent: Date, stan = exchange.stan) {
  const local = localTime(exchange.started);
  return {
    2: exchange.card.pan,
    3: exchange.card.processingCode,
    4: String(exchange.amountMinor),
    7: transmission(sent),
    11: stan,
    12: local.time,
    13: local.date,
    32: ACQUIRER_ID,
    37: exchange.rrn,
    41: exchange.card.terminalId,
    42: exchange.card.acceptorId,
    49: CURRENCY_ZAR,
  };
}

/** 0100, 0120 or 0200: what the acquirer asks, with the card as it was read. */
export function cardRequest(mti: '0100' | '0120' | '0200', exchange: CardExchange, sent: Date): string {
  const { card } = exchange;
  const amount = String(exchange.amountMinor).padStart(12, '0');
  return packIso8583({
    mti,
    fields: {
      ...common(exchange, sent),
      14: card.expiry,
      18: card.acceptor[1],
      22: card.entryMode,
      25: card.conditionCode,
      ...(card.chip ? { 35: `${card.pan}=${card.expiry}201${trackTail(card)}` } : {}),
      43: nameLocation(card.acceptor),
      ...(card.withPin ? { 52: card.secrets.pinBlock } : {}),
      ...(card.chip ? { 55: iccData(card, amount, exchange.started) } : {}),
    },
  });
}

/** The discretionary data of track 2: fixed per card, from its secrets. */
function trackTail(card: CardFacts): string {
  return card.secrets.atc.replace(/[A-F]/g, '0') + '00000';
}

/** 0110 or 0210: the answer; an approval carries its authorisation code. */
export function cardResponse(
  mti: '0110' | '0210',
  exchange: CardExchange,
  sent: Date,
  responseCode: string,
): string {
  return packIso8583({
    mti,
    fields: {
      ...common(exchange, sent),
      ...(responseCode === '00' ? { 38: exchange.card.authCode } : {}),
      39: responseCode,
    },
  });
}

/** The STAN of a follow-up message: the next number after the original's. */
function nextStan(stan: string): string {
  return String((Number(stan) + 1) % 1_000_000).padStart(6, '0');
}

/** DE 90: the original's MTI, STAN and transmission time, the acquirer, no forwarder. */
function originalData(exchange: CardExchange, originalSent: Date): string {
  return `0100${exchange.stan}${transmission(originalSent)}${ACQUIRER_ID.padStart(11, '0')}${'0'.repeat(11)}`;
}

/**
 * 0220 (a completion) or 0420 (a reversal) after the original 0100, and its response 0230 or
 * 0430. A reversal says why: 68, the answer came too late or not at all.
 */
export function cardAdvice(
  kind: 'completion' | 'reversal',
  exchange: CardExchange,
  originalSent: Date,
  sent: Date,
  answered: Date,
): { advice: string; response: string } {
  const stan = nextStan(exchange.stan);
  const reversal = kind === 'reversal';
  const fields = {
    ...common(exchange, sent, stan),
    ...(reversal ? {} : { 38: exchange.card.authCode }),
    39: reversal ? '68' : '00',
    90: originalData(exchange, originalSent),
  };
  return {
    advice: packIso8583({ mti: reversal ? '0420' : '0220', fields }),
    response: packIso8583({
      mti: reversal ? '0430' : '0230',
      fields: { ...common(exchange, answered, stan), 39: '00', 90: fields[90] },
    }),
  };
}

export const CARD_MESSAGE_DESCRIPTIONS = {
  '0100': 'Authorisation request (0100)',
  '0110': 'Authorisation response (0110)',
  '0120': 'Authorisation advice (0120)',
  '0200': 'Financial request (0200)',
  '0210': 'Financial response (0210)',
  '0220': 'Completion advice (0220)',
  '0230': 'Completion advice response (0230)',
  '0420': 'Reversal advice (0420)',
  '0430': 'Reversal advice response (0430)',
} as const;

import {
  ACCOUNT_TYPES,
  CONDITION_CODES,
  CURRENCIES,
  MERCHANT_TYPES,
  MESSAGE_CLASSES,
  MESSAGE_FUNCTIONS,
  NETWORK_MANAGEMENT_CODES,
  PAN_ENTRY_MODES,
  PIN_ENTRY_CAPABILITIES,
  RESPONSE_CODES,
  TRANSACTION_TYPES,
} from './iso8583-codes.ts';
import { EMV_TAG_NAMES, MASKED_EMV_TAGS, readEmvElements } from './iso8583-emv.ts';
import { fieldDefinition } from './iso8583-fields.ts';
import {
  ISO8583_RESPONSE_TIMEOUT_MS,
  type Iso8583DecodedMessage,
  type Iso8583Element,
  type Iso8583Exchange,
  type Iso8583Meaning,
} from './iso8583-message.ts';
import type { UnpackedIso8583 } from './iso8583.ts';

/** What each present field of an unpacked message means, as the trace API answers it. */

type Explained = Omit<Iso8583DecodedMessage, 'exchange'>;
type Values = ReadonlyMap<number, string>;

const textMeaning = (value: string | undefined): Iso8583Meaning | null =>
  value === undefined ? null : { kind: 'text', text: value };

/** "0200" → "Financial request"; a repeat (odd last digit) says so. */
export function describeMti(mti: string): string {
  const messageClass = MESSAGE_CLASSES[mti[1] ?? ''] ?? `Class ${mti[1] ?? '?'}`;
  const messageFunction = MESSAGE_FUNCTIONS[mti[2] ?? ''] ?? `function ${mti[2] ?? '?'}`;
  const repeat = Number(mti[3] ?? '0') % 2 === 1 ? ' (repeat)' : '';
  return `${messageClass} ${messageFunction}${repeat}`;
}

function masked(what: string, value: string): Iso8583Meaning {
  const bytes = value.length / 2;
  return { kind: 'text', text: `${what} removed before storage (${bytes} bytes)` };
}

function processingCode(value: string): Iso8583Meaning | null {
  const type = TRANSACTION_TYPES[value.slice(0, 2)];
  if (type === undefined) return null;
  const from = ACCOUNT_TYPES[value.slice(2, 4)] ?? `account type ${value.slice(2, 4)}`;
  const to = ACCOUNT_TYPES[value.slice(4, 6)] ?? `account type ${value.slice(4, 6)}`;
  return { kind: 'text', text: `${type}, from ${from}, to ${to}` };
}

function amount(value: string, currencyCode: string | undefined): Iso8583Meaning | null {
  const currency = CURRENCIES[currencyCode ?? ''];
  if (currency === undefined || !/^\d+$/.test(value)) return null;
  return { kind: 'amount', minor: Number(value), currency };
}

/** MMDDhhmmss in UTC; the year is the one that puts it nearest the message's own time. */
function transmissionInstant(value: string, near: Date): Iso8583Meaning | null {
  const match = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (match === null) return null;
  const [, month, day, hours, minutes, seconds] = match.map(Number);
  const year = near.getUTCFullYear();
  const candidates = [year - 1, year, year + 1]
    .map((candidate) =>
      Date.UTC(candidate, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0),
    )
    .filter((time) => new Date(time).getUTCDate() === day)
    .sort((a, b) => Math.abs(a - near.getTime()) - Math.abs(b - near.getTime()));
  const best = candidates[0];
  return best === undefined ? null : { kind: 'instant', at: new Date(best).toISOString() };
}

function posEntryMode(value: string): Iso8583Meaning | null {
  const pan = PAN_ENTRY_MODES[value.slice(0, 2)];
  const pin = PIN_ENTRY_CAPABILITIES[value.slice(2, 3)];
  return pan === undefined ? null : { kind: 'text', text: pin === undefined ? pan : `${pan}, ${pin}` };
}

/** DE 90: the original's MTI, STAN and transmission time (MMDDhhmmss, UTC, as DE 7). */
function originalData(value: string, near: Date): Iso8583Meaning | null {
  const match = /^(\d{4})(\d{6})(\d{10})/.exec(value);
  if (match === null) return null;
  const [, mti = '', stan = '', sentAt = ''] = match;
  const sent = transmissionInstant(sentAt, near);
  const original = `Original ${mti} ${describeMti(mti)}, STAN ${stan}`;
  return sent?.kind === 'instant' ? { kind: 'original', text: original, at: sent.at } : textMeaning(original);
}

function explainElements(hex: string): Iso8583Element[] | undefined {
  return readEmvElements(hex)?.map(({ tag, length, value }) => ({
    tag,
    name: EMV_TAG_NAMES[tag] ?? 'Unknown tag',
    value,
    meaning: MASKED_EMV_TAGS.has(tag) ? `Removed before storage (${length} bytes)` : null,
  }));
}

function meaningOf(number: number, value: string, values: Values, near: Date): Iso8583Meaning | null {
  switch (number) {
    case 2:
    case 34:
      return textMeaning('Masked: only the first 6 and last 4 digits are kept');
    case 3:
      return processingCode(value);
    case 4:
      return amount(value, values.get(49));
    case 5:
      return amount(value, values.get(50));
    case 6:
      return amount(value, values.get(51));
    case 7:
      return transmissionInstant(value, near);
    case 12:
      return textMeaning(
        `${value.slice(0, 2)}:${value.slice(2, 4)}:${value.slice(4, 6)}, the acceptor's local time`,
      );
    case 13:
      return textMeaning(`${value.slice(2, 4)}/${value.slice(0, 2)} (day/month), the acceptor's local date`);
    case 14:
      return textMeaning(`Expires at the end of ${value.slice(2, 4)}/20${value.slice(0, 2)}`);
    case 18:
      return textMeaning(MERCHANT_TYPES[value]);
    case 22:
      return posEntryMode(value);
    case 25:
      return textMeaning(CONDITION_CODES[value]);
    case 35:
    case 45:
      return textMeaning('Masked: only the masked card number is kept');
    case 36:
      return masked('Track 3', value);
    case 39:
      return textMeaning(RESPONSE_CODES[value]);
    case 49:
    case 50:
    case 51:
      return textMeaning(CURRENCIES[value]);
    case 52:
      return masked('PIN block', value);
    case 55: {
      const elements = explainElements(value);
      const removed = elements?.filter((element) => MASKED_EMV_TAGS.has(element.tag)).length ?? 0;
      return elements === undefined
        ? masked('Chip data', value)
        : textMeaning(`${elements.length} EMV tags, ${removed} removed before storage`);
    }
    case 70:
      return textMeaning(NETWORK_MANAGEMENT_CODES[value]);
    case 90:
      return originalData(value, near);
    default:
      return null;
  }
}

/** The unpacked message with each field named and explained; `near` is when it was carried. */
export function explainIso8583(message: UnpackedIso8583, near: Date): Explained {
  const values: Values = new Map(message.fields.map(({ number, value }) => [number, value]));
  return {
    mti: message.mti,
    messageType: describeMti(message.mti),
    bitmap: message.bitmap,
    fields: message.fields.map(({ number, value }) => {
      const elements = number === 55 ? explainElements(value) : undefined;
      return {
        number,
        name: fieldDefinition(number).name,
        value,
        meaning: meaningOf(number, value, values, near),
        ...(elements === undefined ? {} : { elements }),
      };
    }),
  };
}

export interface ExchangeCandidate {
  id: string;
  edgeName: string;
  timeCreated: Date;
  mti: string;
  /** DE 11. */
  stan: string | undefined;
}

/** Requests and advices (MTI function 0 or 2) are answered by the next function (1 or 3). */
function isRequest(mti: string): boolean {
  return Number(mti[2] ?? '0') % 2 === 0;
}

function answers(response: ExchangeCandidate, request: ExchangeCandidate): boolean {
  return (
    response.edgeName === request.edgeName &&
    response.stan === request.stan &&
    response.mti.slice(0, 2) === request.mti.slice(0, 2) &&
    Number(response.mti[2]) === Number(request.mti[2]) + 1 &&
    response.timeCreated.getTime() >= request.timeCreated.getTime()
  );
}

/**
 * Pairs each response with the latest unanswered request before it on the same edge (same
 * class, same STAN); in time order. A request left without one is unanswered.
 */
export function linkIso8583Exchanges(messages: readonly ExchangeCandidate[]): Map<string, Iso8583Exchange> {
  const ordered = [...messages].sort((a, b) => a.timeCreated.getTime() - b.timeCreated.getTime());
  const links = new Map<string, Iso8583Exchange>();
  const open: ExchangeCandidate[] = [];
  for (const message of ordered) {
    if (isRequest(message.mti)) {
      links.set(message.id, { role: 'request', counterpartId: null, late: false });
      open.push(message);
      continue;
    }
    const index = open.findLastIndex((request) => answers(message, request));
    const request = index === -1 ? undefined : open.splice(index, 1)[0];
    if (request === undefined) {
      links.set(message.id, { role: 'response', counterpartId: null, late: false });
      continue;
    }
    links.set(request.id, { role: 'request', counterpartId: message.id, late: false });
    links.set(message.id, {
      role: 'response',
      counterpartId: request.id,
      late: message.timeCreated.getTime() - request.timeCreated.getTime() > ISO8583_RESPONSE_TIMEOUT_MS,
    });
  }
  return links;
}

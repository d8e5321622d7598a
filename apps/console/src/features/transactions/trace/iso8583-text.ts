import type { Iso8583DecodedMessage, Iso8583Meaning } from '@web-control/contract/iso8583-message';
import type { EdgeMessage } from '@web-control/contract/transactions';
import { formatCurrency } from '../../../shared/format/currency';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { ISO8583_TEXTS } from './constants';

/** A meaning as people read it: amounts in their currency, instants in the operator's zone. */
export function formatMeaning(
  meaning: Iso8583Meaning | null,
  formatInstant: (at: string) => string = formatDateTimeSeconds,
): string {
  if (meaning === null) return '';
  switch (meaning.kind) {
    case 'text':
      return meaning.text;
    case 'amount':
      return formatCurrency(meaning.minor, meaning.currency);
    case 'instant':
      return formatInstant(meaning.at);
    case 'original':
      return `${meaning.text}, sent ${formatInstant(meaning.at)}`;
  }
}

/** "0200 Financial request". */
export function formatMti(iso: Iso8583DecodedMessage): string {
  return `${iso.mti} ${iso.messageType}`;
}

/** "05 Do not honour", or null when the message carries no response code (DE 39). */
export function formatResponseCode(iso: Iso8583DecodedMessage): string | null {
  const field = iso.fields.find((candidate) => candidate.number === 39);
  if (field === undefined) return null;
  const meaning = formatMeaning(field.meaning);
  return meaning === '' ? field.value : `${field.value} ${meaning}`;
}

export type ExchangeStatus = 'answered' | 'unanswered' | 'response' | 'late' | 'unmatched';

export function exchangeStatus(iso: Iso8583DecodedMessage): ExchangeStatus {
  const { role, counterpartId, late } = iso.exchange;
  if (role === 'request') return counterpartId === null ? 'unanswered' : 'answered';
  if (counterpartId === null) return 'unmatched';
  return late ? 'late' : 'response';
}

/** How a message stands to its counterpart: "Answered by" …, "Unanswered request", "Late response to" … */
export function describeExchange(iso: Iso8583DecodedMessage, counterpart: string | null): string {
  const status = exchangeStatus(iso);
  switch (status) {
    case 'answered':
      return `${ISO8583_TEXTS.answeredBy} ${counterpart ?? ''}`.trim();
    case 'response':
      return `${ISO8583_TEXTS.responseTo} ${counterpart ?? ''}`.trim();
    case 'late':
      return `${ISO8583_TEXTS.lateResponseTo} ${counterpart ?? ''}`.trim();
    case 'unanswered':
      return ISO8583_TEXTS.unanswered;
    case 'unmatched':
      return ISO8583_TEXTS.unmatched;
  }
}

/** The decoded message as plain text lines, for Copy Trace: times in UTC, every field and EMV tag. */
export function iso8583TextLines(message: EdgeMessage, messages: readonly EdgeMessage[]): string[] {
  const iso = message.iso8583;
  if (!iso) return [];
  const counterpartIndex = messages.findIndex((candidate) => candidate.id === iso.exchange.counterpartId);
  const counterpart = counterpartIndex === -1 ? null : `message ${counterpartIndex + 1}`;
  const utc = (at: string) => at;
  const lines = [
    `MTI: ${formatMti(iso)}`,
    describeExchange(iso, counterpart),
    `Bitmap: ${iso.bitmap.primary}${iso.bitmap.secondary === null ? '' : ` ${iso.bitmap.secondary}`}`,
    'Fields:',
  ];
  for (const field of iso.fields) {
    const meaning = formatMeaning(field.meaning, utc);
    lines.push(
      `  ${String(field.number).padEnd(4)}${field.name}: ${field.value}${meaning ? `  (${meaning})` : ''}`,
    );
    for (const element of field.elements ?? []) {
      const note = element.meaning === null ? '' : `  (${element.meaning})`;
      lines.push(`      ${element.tag.padEnd(5)}${element.name}: ${element.value}${note}`);
    }
  }
  return lines;
}

import { z } from 'zod';
import { text } from './inputs.ts';

/**
 * An ISO 8583 edge message as the trace API describes it: decoded by the platform from the
 * masked wire text it stored, each field named and, where it has one, its meaning.
 */

/** A response later than this after its request is marked late (the switch's receiver timeout). */
export const ISO8583_RESPONSE_TIMEOUT_MS = 5_000;

export const iso8583MeaningSchema = z
  .discriminatedUnion('kind', [
    z
      .object({ kind: z.literal('text'), text: text() })
      .describe('A meaning in words: "05" is "Do not honour"'),
    z
      .object({
        kind: z.literal('amount'),
        minor: z.number().int().describe('The amount in minor units (cents)'),
        currency: text().describe('Its ISO 4217 alphabetic code, from DE 49 (or 50, 51)'),
      })
      .describe('An amount with its currency'),
    z
      .object({ kind: z.literal('instant'), at: z.iso.datetime() })
      .describe('An instant (DE 7), for the console to show in the operator’s zone'),
    z
      .object({
        kind: z.literal('original'),
        text: text().describe('The original message: "Original 0100 Authorisation request, STAN 123456"'),
        at: z.iso.datetime().describe('When the original was sent, for the operator’s zone'),
      })
      .describe('DE 90: the message a reversal or an advice refers to, and when it was sent'),
  ])
  .meta({ id: 'Iso8583Meaning' });
export type Iso8583Meaning = z.infer<typeof iso8583MeaningSchema>;

export const iso8583ElementSchema = z.object({
  /** An EMV tag of DE 55, such as 9F26. */
  tag: text(),
  name: text(),
  /** Hexadecimal; `*` for each character of a value that is never stored. */
  value: text(),
  meaning: text().nullable(),
});
export type Iso8583Element = z.infer<typeof iso8583ElementSchema>;

export const iso8583FieldSchema = z.object({
  number: z.number().int().min(2).max(128),
  /** The ISO 8583:1987 name, such as "Primary account number". */
  name: text(),
  /** As carried, masked; `*` stands for each removed character. */
  value: text(),
  meaning: iso8583MeaningSchema.nullable(),
  /** DE 55 only: its EMV elements. */
  elements: z.array(iso8583ElementSchema).optional(),
});
export type Iso8583Field = z.infer<typeof iso8583FieldSchema>;

export const iso8583ExchangeSchema = z.object({
  /** Requests and advices are answered; responses answer. */
  role: z.enum(['request', 'response']).describe('Requests and advices are answered; responses answer'),
  /** The id of the message that answers this one, or that this one answers; null: none in the leg. */
  counterpartId: text()
    .nullable()
    .describe('The message that answers this one, or that this one answers; null: none in the leg'),
  /** A response that came more than ISO8583_RESPONSE_TIMEOUT_MS after its request. */
  late: z.boolean().describe('A response that came more than 5 s after its request'),
});
export type Iso8583Exchange = z.infer<typeof iso8583ExchangeSchema>;

export const iso8583MessageSchema = z
  .object({
    mti: text().describe('The message type indicator: "0200"'),
    /** The MTI explained: "Financial request". */
    messageType: text().describe('The MTI explained: "Financial request"'),
    /** 16 hexadecimal characters each; secondary null when absent. */
    bitmap: z
      .object({ primary: text(), secondary: text().nullable() })
      .describe('16 hexadecimal characters each; secondary null when absent'),
    /** Every present data element, in number order. */
    fields: z.array(iso8583FieldSchema).describe('Every present data element, in number order, masked'),
    exchange: iso8583ExchangeSchema,
  })
  .meta({ id: 'Iso8583Message' });
export type Iso8583DecodedMessage = z.infer<typeof iso8583MessageSchema>;

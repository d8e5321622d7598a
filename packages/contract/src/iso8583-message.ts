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
    z.object({ kind: z.literal('text'), text: text() }),
    /** Minor units of an ISO 4217 currency (two decimals). */
    z.object({ kind: z.literal('amount'), minor: z.number().int(), currency: text() }),
    /** An instant, for the console to show in the operator's zone. */
    z.object({ kind: z.literal('instant'), at: z.iso.datetime() }),
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
  role: z.enum(['request', 'response']),
  /** The id of the message that answers this one, or that this one answers; null: none in the leg. */
  counterpartId: text().nullable(),
  /** A response that came more than ISO8583_RESPONSE_TIMEOUT_MS after its request. */
  late: z.boolean(),
});
export type Iso8583Exchange = z.infer<typeof iso8583ExchangeSchema>;

export const iso8583MessageSchema = z
  .object({
    mti: text(),
    /** The MTI explained: "Financial request". */
    messageType: text(),
    /** 16 hexadecimal characters each; secondary null when absent. */
    bitmap: z.object({ primary: text(), secondary: text().nullable() }),
    /** Every present data element, in number order. */
    fields: z.array(iso8583FieldSchema),
    exchange: iso8583ExchangeSchema,
  })
  .meta({ id: 'Iso8583Message' });
export type Iso8583DecodedMessage = z.infer<typeof iso8583MessageSchema>;

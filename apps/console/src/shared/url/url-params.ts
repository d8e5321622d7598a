import { holdsCardNumber } from '@web-control/contract/iso8583-masking';
import { cardKeyOf } from '@web-control/contract/transactions';
import type { z } from 'zod';
import { parseDay, parseLocalMinute } from '../format/dates';
import { schemaRefusal } from '../forms/schema-refusal';

/**
 * How one value of a view lives in the URL: read from every value of its name (a bad one gives
 * `undefined`, and the view falls back to its default without an error), written as values.
 */
export interface UrlParam<T> {
  read: (values: readonly string[]) => T | undefined;
  write: (value: T) => string[];
}

export type UrlParams<T> = { [K in keyof T]: UrlParam<T[K]> };

/** A card number, whole or masked as the console masks one in an address (first 6, last 4). */
export function holdsCardNumberOrMask(text: string): boolean {
  return holdsCardNumber(text) || cardKeyOf(text) !== undefined;
}

/** Said at a text filter holding a whole card number, which textParam keeps out of the address. */
export const CARD_NUMBER_NOT_SEARCHED = 'A card number is never searched: give a name.';

/** The field's refusal of a card number, whole or as an address masks it (a link's), or null. */
export function cardNumberRefusal(typed: string): string | null {
  return holdsCardNumberOrMask(typed) ? CARD_NUMBER_NOT_SEARCHED : null;
}

export function textParam(): UrlParam<string> {
  // A whole card number is kept out of the address (history, Copy link, logs) and never read from one.
  return {
    read: ([value]) => (value === undefined || holdsCardNumber(value) ? undefined : value),
    write: (value) => (holdsCardNumber(value) ? [] : [value]),
  };
}

/** One of a fixed set, or null (no value: "any"). */
export function choiceParam<V extends string>(choices: readonly V[]): UrlParam<V | null> {
  return {
    read: ([value]) =>
      value !== undefined && (choices as readonly string[]).includes(value) ? (value as V) : undefined,
    write: (value) => (value === null ? [] : [value]),
  };
}

/** A whole number from `min` up (a page, an id). */
export function wholeNumberParam(min = 1): UrlParam<number> {
  return {
    read: ([value]) => {
      if (value === undefined || !/^\d{1,9}$/.test(value)) return undefined;
      const number = Number(value);
      return number >= min ? number : undefined;
    },
    write: (value) => [String(value)],
  };
}

/** One of the sizes a list offers. */
export function sizeParam(sizes: readonly number[]): UrlParam<number> {
  return {
    read: ([value]) => (value !== undefined && sizes.map(String).includes(value) ? Number(value) : undefined),
    write: (value) => [String(value)],
  };
}

/**
 * Text searched for as given, trimmed. A whole card number is never searched, so it is neither
 * written to the address (history, Copy link, logs) nor read from one.
 */
export function searchTextParam(): UrlParam<string> {
  return {
    read: ([value]) => (value === undefined || holdsCardNumber(value) ? undefined : value.trim()),
    write: (value) => (holdsCardNumber(value) ? [] : [value.trim()]),
  };
}

/**
 * A card number in a search field: typed (never written to the address) or a link's (never read
 * into the field; masked in the address at once, it is refused as such). The field refuses it
 * while it shows it or nothing; the list waits until other text is written over it rather than
 * list everything.
 */
export function searchedCardNumber(
  typed: string,
  search: string,
  name: string,
): { refused: boolean; waits: boolean } {
  const linked = holdsCardNumberOrMask(new URLSearchParams(search).get(name) ?? '');
  const typedCard = holdsCardNumberOrMask(typed);
  return { refused: typedCard || (linked && typed.trim() === ''), waits: typedCard || linked };
}

/**
 * What a list's search field says, and whether the list waits: a card number (typed or a link's)
 * in the field's own words, else whatever the platform's schema for it would refuse (too long).
 * The list also waits while the address still holds a refused value the field no longer does: it
 * asks with the address, which follows a change (Clear) a render later.
 */
export function searchFieldRefusal(
  field: { typed: string; search: string; name: string },
  refusal: { cardNumber: string; schema: z.ZodType },
): { error: string | null; waits: boolean } {
  const cardNumber = searchedCardNumber(field.typed, field.search, field.name);
  const error = cardNumber.refused
    ? refusal.cardNumber
    : schemaRefusal(refusal.schema, field.typed.trim() || undefined);
  const asked = new URLSearchParams(field.search).get(field.name)?.trim() || undefined;
  const askedRefused = schemaRefusal(refusal.schema, asked) !== null;
  return { error, waits: cardNumber.waits || error !== null || askedRefused };
}

/** A local day (`YYYY-MM-DD`) that exists on the calendar, or null (no bound). */
export function dayParam(): UrlParam<string | null> {
  return {
    read: ([value]) => parseDay(value) ?? undefined,
    write: (value) => (value === null ? [] : [value]),
  };
}

/** A local `YYYY-MM-DDTHH:mm` that exists on the calendar (the filters' date-time inputs). */
export function localMinuteParam(): UrlParam<string> {
  return {
    read: ([value]) => (value === '' || parseLocalMinute(value) !== undefined ? value : undefined),
    write: (value) => [value],
  };
}

function sameValues(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** The view the URL holds: each value the URL gives and reads well, otherwise its default. */
export function readUrlParams<T extends object>(
  params: UrlParams<T>,
  defaults: T,
  search: URLSearchParams,
): T {
  const view = { ...defaults };
  for (const name of Object.keys(params) as (keyof T & string)[]) {
    const values = search.getAll(name);
    if (values.length === 0) continue;
    const value = params[name].read(values);
    if (value !== undefined) view[name] = value;
  }
  return view;
}

/** Writes the view into `search`: a value at its default is left out, so links stay short. */
export function writeUrlParams<T extends object>(
  params: UrlParams<T>,
  defaults: T,
  view: T,
  search: URLSearchParams,
): URLSearchParams {
  for (const name of Object.keys(params) as (keyof T & string)[]) {
    search.delete(name);
    const values = params[name].write(view[name]);
    if (sameValues(values, params[name].write(defaults[name]))) continue;
    for (const value of values) search.append(name, value);
  }
  return search;
}

/** One of a fixed set, never none (a mode, a tab). */
export function oneOfParam<V extends string>(choices: readonly V[]): UrlParam<V> {
  return {
    read: ([value]) =>
      value !== undefined && (choices as readonly string[]).includes(value) ? (value as V) : undefined,
    write: (value) => [value],
  };
}

/** Seeded randomness for the simulator: the same seed and tick always give the same traffic. */

export type Random = () => number;

/** mulberry32: a small, fast 32-bit generator; uniform in [0, 1). */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mixes a seed with a number (e.g. the tick's index) into a new 32-bit seed. */
export function deriveSeed(seed: number, value: number): number {
  let hash = (seed ^ 0x9e3779b9) >>> 0;
  for (const part of [value % 4_294_967_296, Math.floor(value / 4_294_967_296)]) {
    hash = Math.imul(hash ^ (part >>> 0), 0x85ebca6b) >>> 0;
    hash = (hash ^ (hash >>> 13)) >>> 0;
    hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
    hash = (hash ^ (hash >>> 16)) >>> 0;
  }
  return hash;
}

/** Standard normal (Box–Muller). */
export function drawNormal(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal around `median`; `spread` is sigma of the logarithm. */
export function drawLogNormal(random: Random, median: number, spread: number): number {
  return median * Math.exp(spread * drawNormal(random));
}

/** Poisson count with the given mean: exact for small means, normal approximation above 50. */
export function drawPoisson(random: Random, mean: number): number {
  if (mean <= 0) {
    return 0;
  }
  if (mean > 50) {
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * drawNormal(random)));
  }
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random();
  while (product > limit) {
    count += 1;
    product *= random();
  }
  return count;
}

/** Index picked in proportion to the cumulative weights (last element = total); -1 when the total is 0. */
export function pickWeighted(random: Random, cumulative: readonly number[]): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  if (total <= 0) {
    return -1;
  }
  const target = random() * total;
  for (let index = 0; index < cumulative.length; index += 1) {
    if (target < (cumulative[index] ?? 0)) {
      return index;
    }
  }
  return cumulative.length - 1;
}

export function pickFrom<T>(random: Random, values: readonly T[]): T {
  const value = values[Math.floor(random() * values.length)];
  if (value === undefined) throw new Error('pick from an empty list');
  return value;
}

/** `count` random decimal digits, leading zeros kept. */
export function drawDigits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += Math.floor(random() * 10).toString();
  return text;
}

/** `count` random hexadecimal digits, in lower case. */
export function drawHexDigits(random: Random, count: number): string {
  let text = '';
  for (let index = 0; index < count; index += 1) text += Math.floor(random() * 16).toString(16);
  return text;
}

/** A time `milliseconds` after another, to the whole millisecond. */
export function later(time: Date, milliseconds: number): Date {
  return new Date(time.getTime() + Math.round(milliseconds));
}

import { HOUR_MS } from '../time.ts';
import { createRandom, deriveSeed } from './random.ts';

/**
 * How much slower or faster than its receivers' own times a node answers at a moment: each node
 * has its own level (hardware, co-located load), drifts slowly through the hours, and now and
 * then has a short spike (a pause, a burst of retries). Stateless: a function of seed, node and tick.
 */

/** Node levels range over this: the fastest node answers in 0.8× its receivers' times. */
const LEVEL_RANGE = { min: 0.8, max: 1.35 } as const;
/** How far a node drifts either side of its level, and over how many hours a cycle takes. */
const DRIFT = 0.18;
const DRIFT_PERIOD_HOURS = { min: 3, max: 7 } as const;
/** A spike starts on about one tick in this many (roughly once in two hours at 10 s ticks). */
export const SPIKE_ONE_TICK_IN = 720;
/** A spike lasts one to this many ticks, and multiplies response times by up to SPIKE_FACTOR. */
const SPIKE_MAX_TICKS = 3;
const SPIKE_FACTOR = { min: 2.5, max: 6 } as const;
const NODE_SALT = 0x6e0de;

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  return hash;
}

function between(fraction: number, range: { min: number; max: number }): number {
  return range.min + fraction * (range.max - range.min);
}

/** The spike factor at a tick: the start drawn on one of the last ticks still lasting, else 1. */
function spikeAt(nodeSeed: number, tick: number): number {
  for (let back = 0; back < SPIKE_MAX_TICKS; back += 1) {
    const random = createRandom(deriveSeed(nodeSeed, tick - back));
    if (random() * SPIKE_ONE_TICK_IN >= 1) continue;
    const lasts = 1 + Math.floor(random() * SPIKE_MAX_TICKS);
    if (back < lasts) return between(random(), SPIKE_FACTOR);
  }
  return 1;
}

/** The node's response-time multiplier for the tick numbered `tick` ending at `time`. */
export function nodeLatencyFactor(seed: number, nodeId: string, tick: number, time: number): number {
  const nodeSeed = deriveSeed(seed ^ NODE_SALT, hashOf(nodeId));
  const traits = createRandom(nodeSeed);
  const level = between(traits(), LEVEL_RANGE);
  const periodMs = between(traits(), DRIFT_PERIOD_HOURS) * HOUR_MS;
  const phase = traits();
  const drift = 1 + DRIFT * Math.sin(2 * Math.PI * (time / periodMs + phase));
  return level * drift * spikeAt(nodeSeed, tick);
}

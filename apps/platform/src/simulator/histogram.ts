import { MINUTE_MS } from '../time.ts';

/**
 * Response times in logarithmic buckets (5 % wide, 1 ms to a minute): adding and removing a tick's
 * histogram keeps a sliding window's percentiles cheap, whatever the traffic rate.
 */
const BUCKET_RATIO = 1.05;
const LOG_RATIO = Math.log(BUCKET_RATIO);
const MIN_MS = 1;
const MAX_MS = MINUTE_MS;
export const HISTOGRAM_BUCKETS = Math.ceil(Math.log(MAX_MS / MIN_MS) / LOG_RATIO) + 1;

export type Histogram = Float64Array;

export function createHistogram(): Histogram {
  return new Float64Array(HISTOGRAM_BUCKETS);
}

export function recordLatency(histogram: Histogram, milliseconds: number): void {
  const clamped = Math.min(Math.max(milliseconds, MIN_MS), MAX_MS);
  const bucket = Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(Math.log(clamped / MIN_MS) / LOG_RATIO));
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

/** target += source × sign */
export function addHistogram(target: Histogram, source: Histogram, sign: 1 | -1): void {
  for (let bucket = 0; bucket < HISTOGRAM_BUCKETS; bucket += 1) {
    target[bucket] = (target[bucket] ?? 0) + sign * (source[bucket] ?? 0);
  }
}

/**
 * The value below which `fraction` of the recorded latencies fall, interpolated within its bucket
 * (so two windows of different traffic rarely report the same figure); 0 when empty.
 */
export function percentileOf(histogram: Histogram, fraction: number): number {
  let total = 0;
  for (const count of histogram) {
    total += count;
  }
  if (total <= 0) {
    return 0;
  }
  const rank = fraction * total;
  let seen = 0;
  for (let bucket = 0; bucket < HISTOGRAM_BUCKETS; bucket += 1) {
    const count = histogram[bucket] ?? 0;
    if (count > 0 && seen + count >= rank) {
      return MIN_MS * BUCKET_RATIO ** (bucket + Math.max(0, rank - seen) / count);
    }
    seen += count;
  }
  return MAX_MS;
}

import { randomBytes } from 'node:crypto';

/** Time source; tests pass their own so lockouts and expiries need no waiting. */
export interface Clock {
  now(): Date;
}

/** Randomness source for tokens and secrets; injectable for deterministic tests. */
export interface RandomSource {
  bytes(size: number): Buffer;
}

export const SYSTEM_CLOCK: Clock = { now: () => new Date() };
export const SYSTEM_RANDOM: RandomSource = { bytes: (size) => randomBytes(size) };

/** A clock tests can move forward by hand. */
export class ManualClock implements Clock {
  #current: number;

  constructor(start: Date = new Date()) {
    this.#current = start.getTime();
  }

  now(): Date {
    return new Date(this.#current);
  }

  advance(milliseconds: number): void {
    this.#current += milliseconds;
  }
}

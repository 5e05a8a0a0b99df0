/**
 * Where time comes from for rules that wait (the webhook retry schedule). Production uses the
 * system clock; tests pass a clock they move by hand, so a 36-minute schedule runs in seconds.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The delivery schedule (spec, Events rule 2): attempt 1 at once, then +1 min, +5 min and +30 min;
 * after the fourth failure the event is a dead letter. DESIGN.md settles the 10 s per attempt.
 */

export const MAX_ATTEMPTS = 4;

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface NextAttempt {
  attempt: number;
  /** How long after the failed attempt the next one is due. */
  delayMs: number;
}

const DELAY_BEFORE_ATTEMPT: Record<number, number> = { 2: 60_000, 3: 5 * 60_000, 4: 30 * 60_000 };

/** What follows a failed attempt: the next attempt, or null when it was the last one. */
export function nextAttempt(failedAttempt: number): NextAttempt | null {
  const attempt = failedAttempt + 1;
  const delayMs = DELAY_BEFORE_ATTEMPT[attempt];
  return delayMs === undefined ? null : { attempt, delayMs };
}

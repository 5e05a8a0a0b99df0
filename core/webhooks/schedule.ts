/**
 * The delivery schedule (spec, Events rule 2): attempt 1 at once, then +1 min, +5 min and +30 min;
 * after the fourth failure the event is a dead letter. DESIGN.md settles the 10 s per attempt.
 *
 * RETRIES is the one statement of it: each retry waits on its own topic (named after its delay,
 * sinks/kafka/topics.ts), which the webhook group reads (processors/consumer-groups.ts), and the
 * OpenAPI text is written from it (gateway/openapi/describe.ts).
 */

export const RETRIES = [
  { attempt: 2, delayMinutes: 1, topic: 'webhookRetry1m' },
  { attempt: 3, delayMinutes: 5, topic: 'webhookRetry5m' },
  { attempt: 4, delayMinutes: 30, topic: 'webhookRetry30m' },
] as const;

export type RetryTopic = (typeof RETRIES)[number]['topic'];

export const RETRY_TOPICS = RETRIES.map((r) => r.topic) as RetryTopic[];

export const isRetryTopic = (topic: string): topic is RetryTopic => RETRY_TOPICS.some((t) => t === topic);

export const MAX_ATTEMPTS = 1 + RETRIES.length;

export const DELIVERY_TIMEOUT_MS = 10_000;

export interface NextAttempt {
  attempt: number;
  /** How long after the failed attempt the next one is due. */
  delayMs: number;
  /** The topic that holds it until then. */
  topic: RetryTopic;
}

/** What follows a failed attempt: the next attempt, or null when it was the last one. */
export function nextAttempt(failedAttempt: number): NextAttempt | null {
  const retry = RETRIES.find((r) => r.attempt === failedAttempt + 1);
  return retry ? { attempt: retry.attempt, delayMs: retry.delayMinutes * 60_000, topic: retry.topic } : null;
}

/** "now, +1 min, +5 min, +30 min": the schedule as a sentence says it. */
export function scheduleInWords(): string {
  return ['now', ...RETRIES.map((r) => `+${r.delayMinutes} min`)].join(', ');
}

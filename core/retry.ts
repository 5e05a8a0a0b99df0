/**
 * One retry policy for everything that tries again (a handler whose dependency failed, a busy engine
 * replica), in the manner of kafkajs's retrier: exponential backoff with jitter, capped, for a
 * bounded number of retries. Jitter matters here: many processor members retrying a saturated engine
 * pool at the same instants would meet it busy again together.
 */
import { isRetriable } from './verse-error.ts';

export interface RetryPolicy {
  /** The wait before the first retry. */
  initialRetryTimeMs: number;
  /** Each wait is the previous one times this. */
  factor: number;
  /** Each wait is drawn uniformly from ±jitter of its value (0.2: between 80 % and 120 %). */
  jitter: number;
  /** No wait is longer than this. */
  maxRetryTimeMs: number;
  /** Retries after the first try; past them the failure is final. */
  retries: number;
}

/** The wait before retry number `retry` (1 for the first). */
export function retryDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const base = Math.min(policy.maxRetryTimeMs, policy.initialRetryTimeMs * policy.factor ** (retry - 1));
  const spread = base * policy.jitter * (2 * random() - 1);
  return Math.max(0, Math.min(policy.maxRetryTimeMs, Math.round(base + spread)));
}

export interface RetryOptions {
  /** Whether this failure may succeed on another try: the error's own `retriable` unless a caller narrows it. */
  isRetriable?(error: unknown): boolean;
  /** A wait the other side asked for (Retry-After): the policy's wait is never shorter. */
  retryAfterMs?(error: unknown): number | undefined;
  sleep?(ms: number): Promise<void>;
  random?(): number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` until it succeeds, fails with a final error, or the policy's retries run out. */
export async function withRetries<T>(
  policy: RetryPolicy,
  work: (retry: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const retriable = options.isRetriable ?? isRetriable;
  for (let retry = 0; ; retry++) {
    try {
      return await work(retry);
    } catch (error) {
      if (retry >= policy.retries || !retriable(error)) throw error;
      const asked = options.retryAfterMs?.(error) ?? 0;
      await (options.sleep ?? pause)(Math.max(asked, retryDelay(policy, retry + 1, options.random)));
    }
  }
}

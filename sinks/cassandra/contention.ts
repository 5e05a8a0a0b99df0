/**
 * What a compare-and-set does after losing to a concurrent one: waits a short, growing, jittered
 * time before trying again, so two gateways racing on one row part instead of colliding again at
 * once, and a row under heavy contention is not hammered by a tight loop of Paxos rounds.
 */
import { type RetryPolicy, retryDelay } from '../../core/retry.ts';

const CAS_CONTENTION: RetryPolicy = {
  initialRetryTimeMs: 5,
  factor: 2,
  jitter: 0.5,
  maxRetryTimeMs: 200,
  retries: Number.POSITIVE_INFINITY,
};

/** Waits before try number `attempt + 1` of a compare-and-set that lost `attempt` times. */
export const afterLostRace = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, retryDelay(CAS_CONTENTION, attempt)));

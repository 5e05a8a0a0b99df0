import cassandra from 'cassandra-driver';
import { describe, expect, it } from 'vitest';
import { OnceMoreOnTimeout } from '../../../sinks/cassandra/retry-policy.ts';

const LOCAL_QUORUM = cassandra.types.consistencies.localQuorum;
/** The driver's own policy: its results are the decisions to compare with. */
const driver = new cassandra.policies.retry.RetryPolicy();
const rethrow = driver.rethrowResult();
const nextHost = driver.retryResult(LOCAL_QUORUM, false);

/** What the driver hands a retry policy: how often the request was retried, and its options. */
const info = (nbRetry: number, idempotent: boolean) =>
  ({
    nbRetry,
    query: 'UPDATE jobs SET …',
    executionOptions: { isIdempotent: () => idempotent, getConsistency: () => LOCAL_QUORUM },
  }) as unknown as cassandra.policies.retry.OperationInfo;

describe('the Cassandra retry policy', () => {
  const policy = new OnceMoreOnTimeout();

  it('sends a read that timed out once more, through another coordinator, at its own consistency', () => {
    expect(policy.onReadTimeout(info(0, true), LOCAL_QUORUM, 1, 2, false)).toEqual(nextHost);
    expect(policy.onReadTimeout(info(1, true), LOCAL_QUORUM, 1, 2, false)).toEqual(rethrow);
  });

  it('sends an idempotent write that timed out once more, and never one that moves an amount', () => {
    expect(policy.onWriteTimeout(info(0, true), LOCAL_QUORUM, 1, 2, 'SIMPLE')).toEqual(nextHost);
    expect(policy.onWriteTimeout(info(0, false), LOCAL_QUORUM, 1, 2, 'COUNTER')).toEqual(rethrow);
    expect(policy.onWriteTimeout(info(1, true), LOCAL_QUORUM, 1, 2, 'SIMPLE')).toEqual(rethrow);
  });

  it("keeps the driver's default where nothing timed out", () => {
    expect(policy.onUnavailable(info(0, true), LOCAL_QUORUM, 2, false)).toEqual(
      driver.onUnavailable(info(0, true), LOCAL_QUORUM, 2, false),
    );
  });
});

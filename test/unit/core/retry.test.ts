import { describe, expect, it } from 'vitest';
import { type RetryPolicy, retryDelay, withRetries } from '../../../core/retry.ts';

const policy: RetryPolicy = { initialRetryTimeMs: 100, factor: 2, jitter: 0.2, maxRetryTimeMs: 1000, retries: 4 };

describe('retryDelay', () => {
  it('grows by the factor, stays within the jitter, and never passes the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(policy, n, () => 0.5))).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelay(policy, 1, () => 0)).toBe(80);
    expect(retryDelay(policy, 1, () => 1)).toBe(120);
    expect(retryDelay(policy, 9, () => 1)).toBe(1000);
  });
});

describe('withRetries', () => {
  const noWait = { sleep: async () => {}, random: () => 0.5 };

  it('tries again while the failure is retriable, then gives up after the last retry', async () => {
    let tries = 0;
    const failing = withRetries(
      policy,
      async () => {
        tries++;
        throw new Error('busy');
      },
      { ...noWait, isRetriable: () => true },
    );
    await expect(failing).rejects.toThrow('busy');
    expect(tries).toBe(1 + policy.retries);
  });

  it('does not retry a final failure, and waits at least what the other side asked', async () => {
    const waits: number[] = [];
    let tries = 0;
    const result = await withRetries(
      policy,
      async () => {
        if (++tries < 3) throw Object.assign(new Error('busy'), { after: 5000 });
        return 'done';
      },
      {
        sleep: async (ms) => void waits.push(ms),
        random: () => 0.5,
        isRetriable: () => true,
        retryAfterMs: (e) => (e as { after: number }).after,
      },
    );
    expect(result).toBe('done');
    expect(waits).toEqual([5000, 5000]);
    await expect(
      withRetries(policy, async () => Promise.reject(new Error('final')), { ...noWait, isRetriable: () => false }),
    ).rejects.toThrow('final');
  });
});

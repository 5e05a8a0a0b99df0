import { describe, expect, it } from 'vitest';
import { cached } from '../../../core/cached.ts';

describe('cached', () => {
  it('computes at most once per ttl, and callers that arrive meanwhile share the computation', async () => {
    let now = 0;
    let calls = 0;
    const value = cached(
      async () => {
        calls++;
        return calls;
      },
      1000,
      () => now,
    );
    expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await value()).toBe(1);
    now = 1000;
    expect(await value()).toBe(2);
    expect(calls).toBe(2);
  });

  it('does not keep a failure: the next caller computes again', async () => {
    let fail = true;
    const value = cached(async () => {
      if (fail) throw new Error('down');
      return 'up';
    }, 60_000);
    await expect(value()).rejects.toThrow('down');
    fail = false;
    expect(await value()).toBe('up');
  });
});

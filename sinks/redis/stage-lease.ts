/**
 * A lease per (stage, job), so one stage never runs twice at once for a job, even while a consumer
 * group rebalances and a slow old member is still working on a partition that has moved. The lease
 * is short and renewed while the work runs: a member that dies frees it within LEASE_MS, and the
 * new owner of the message takes over instead of waiting out the stage's whole allowance.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export const LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

// Renew or release only a lease we still hold (compare the token, then act, atomically).
const RENEW =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export interface Lease {
  release(): Promise<void>;
}

export interface StageLeases {
  /** The lease for this stage of this job, or null while another member holds it. */
  acquire(stage: string, jobId: string): Promise<Lease | null>;
}

export function redisStageLeases(redis: Redis, prefix: string): StageLeases {
  return {
    async acquire(stage, jobId) {
      const key = `${prefix}:lease:${stage}:${jobId}`;
      const token = randomUUID();
      if ((await redis.set(key, token, 'PX', LEASE_MS, 'NX')) !== 'OK') return null;
      const renewal = setInterval(() => {
        redis.eval(RENEW, 1, key, token, LEASE_MS).catch(() => undefined);
      }, RENEW_EVERY_MS);
      renewal.unref();
      return {
        async release() {
          clearInterval(renewal);
          await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
        },
      };
    },
  };
}

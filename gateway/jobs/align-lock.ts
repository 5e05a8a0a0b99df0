/** A short Redis lock per job so two re-alignments of one job never run at once (ALN_004). */
import type { Redis } from 'ioredis';

export interface AlignLock {
  acquire(jobId: string): Promise<boolean>;
  release(jobId: string): Promise<void>;
}

const HOLD_MS = 6 * 60 * 1000; // longer than the 5-minute alignment allowance

export function redisAlignLock(redis: Redis, prefix: string): AlignLock {
  const key = (jobId: string) => `${prefix}:align-lock:${jobId}`;
  return {
    acquire: async (jobId) => (await redis.set(key(jobId), '1', 'PX', HOLD_MS, 'NX')) === 'OK',
    release: async (jobId) => {
      await redis.del(key(jobId));
    },
  };
}

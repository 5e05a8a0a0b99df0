/**
 * Locks in Redis (core/ports/locks.ts): SET NX with a random token and a short expiry, renewed while
 * held; renew and release act only while the key still holds our token (compare, then act, in one
 * script: commands/lockRenew-1.lua, lockRelease-1.lua), so a lock that lapsed and was taken by another holder is never touched.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { HeldLock, Locks } from '../../core/ports/locks.ts';
import { LuaScript } from './lua-script.ts';

/** How soon a dead holder's lock frees itself. */
export const LOCK_LEASE_MS = 30_000;
const RENEW_EVERY_MS = 10_000;

const RENEW = new LuaScript('lockRenew');
const RELEASE = new LuaScript('lockRelease');

export function redisLocks(redis: Redis, prefix: string): Locks {
  return {
    async acquire(name): Promise<HeldLock | null> {
      const key = `${prefix}:${name}`;
      const token = randomUUID();
      if ((await redis.set(key, token, 'PX', LOCK_LEASE_MS, 'NX')) !== 'OK') return null;
      const renewal = setInterval(() => {
        RENEW.run(redis, [key], [token, LOCK_LEASE_MS]).catch(() => undefined);
      }, RENEW_EVERY_MS);
      renewal.unref();
      return {
        async release() {
          clearInterval(renewal);
          await RELEASE.run(redis, [key], [token]).catch(() => undefined);
        },
      };
    },
  };
}

/**
 * A Lua script run by its SHA1 (EVALSHA), sent whole (EVAL) only when the server does not hold it
 * yet (NOSCRIPT: a new or restarted Redis). A script sent whole on every call costs its text on the
 * wire and a hash on the server each time, on paths (the meters) that run on every request.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export class LuaScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

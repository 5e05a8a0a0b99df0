/**
 * A Lua script from sinks/redis/commands, named as bullmq names its own: `name-K.lua` takes K keys,
 * and its header says what each KEYS and ARGV entry is. Every key a script touches is passed in
 * KEYS (none is built inside a script), so a script runs on Redis Cluster as on one node. Run by
 * its SHA1 (EVALSHA), sent whole (EVAL) only when the server does not hold it yet (NOSCRIPT: a new,
 * restarted or newly promoted Redis).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';

const COMMANDS = path.join(import.meta.dirname, 'commands');

export class LuaScript {
  private readonly source: string;
  private readonly sha: string;
  readonly numberOfKeys: number;

  constructor(readonly name: string) {
    const file = readdirSync(COMMANDS).find((f) => f.startsWith(`${name}-`) && f.endsWith('.lua'));
    if (!file) throw new Error(`no Lua script ${name} in ${COMMANDS}`);
    this.numberOfKeys = Number(/-(\d+)\.lua$/.exec(file)![1]);
    this.source = readFileSync(path.join(COMMANDS, file), 'utf8');
    this.sha = createHash('sha1').update(this.source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> {
    if (keys.length !== this.numberOfKeys)
      throw new Error(`${this.name} takes ${this.numberOfKeys} keys, was given ${keys.length}`);
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }
}

/**
 * The Redis connection as the platform makes it (ops/platform.ts), against the real Redis of the
 * test stack: a command sent while the connection is being made again waits for it (what a client
 * goes through when a failover moves it to the new primary), a command that cannot be sent fails
 * soon, and one that a stalled node never answers fails at REDIS_COMMAND_TIMEOUT_MS. Each failure
 * is one the gateway answers with 503 SRV_001.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../core/policy.ts';
import { connectRedis } from '../../ops/platform.ts';
import { isDependencyUnavailable } from '../../sinks/unavailable.ts';
import { testConfig } from '../support/platform.ts';

const opened: Redis[] = [];
afterEach(() => {
  for (const redis of opened.splice(0)) redis.disconnect();
});

async function connected(overrides: Record<string, string> = {}): Promise<Redis> {
  const redis = connectRedis(testConfig(overrides));
  opened.push(redis);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

async function failureOf(command: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await command.then(
    () => null,
    (e: unknown) => e,
  );
  return { error, ms: Date.now() - started };
}

describe('the Redis connection', () => {
  it('holds a command sent while it reconnects, and sends it on the new connection', async () => {
    const redis = await connected();
    const other = await connected();
    const key = `verse_test:reconnect:${randomUUID()}`;
    const closed = new Promise((resolve) => redis.once('close', resolve));
    await other.client('KILL', 'ID', String(await redis.client('ID')));
    await closed;
    expect(redis.status).not.toBe('ready');

    expect(await redis.set(key, 'sent after the reconnect', 'PX', 60_000)).toBe('OK');
    expect(await other.get(key)).toBe('sent after the reconnect');
  });

  it('fails a command at once when no connection can be made, as an outage', async () => {
    const redis = connectRedis(testConfig({ VERSE_REDIS_URL: 'redis://127.0.0.1:1' }));
    opened.push(redis);
    const { error, ms } = await failureOf(redis.get('anything'));
    expect(isDependencyUnavailable(error), String(error)).toBe(true);
    expect(ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
  });

  it('fails a command that a stalled node does not answer at REDIS_COMMAND_TIMEOUT_MS, as an outage', async () => {
    const redis = await connected();
    const other = await connected();
    // The node takes no client's command for longer than the timeout (as one starved of CPU would).
    await other.call('CLIENT', 'PAUSE', String(REDIS_COMMAND_TIMEOUT_MS + 1500), 'ALL');
    try {
      const { error, ms } = await failureOf(redis.get('anything'));
      expect(isDependencyUnavailable(error), String(error)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1000);
    } finally {
      await other.call('CLIENT', 'UNPAUSE').catch(() => undefined);
    }
  });
});

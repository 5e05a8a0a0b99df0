import calculateSlot from 'cluster-key-slot';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { WINDOWS } from '../../core/meters.ts';
import type { Platform } from '../../ops/platform.ts';
import { organisationKey } from '../../sinks/redis/keys.ts';
import { RedisMeter } from '../../sinks/redis/meter.ts';
import { RedisTenancyVersions, tenancyVersionKey } from '../../sinks/redis/tenancy-versions.ts';
import { testOrg, withTestGateway } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let base: string;

withTestGateway(async (p, a) => {
  platform = p;
  app = a;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

async function counters(orgId: string, meter: string): Promise<number[]> {
  const out: number[] = [];
  for (const w of WINDOWS) {
    const key = organisationKey(platform.config.namespace, orgId, 'meter', meter, w.name);
    out.push(Number((await platform.redis.hget(key, 'u')) ?? 0));
  }
  return out;
}

// The meters' windows are fixed: one that turns while a test runs gives it a fresh window's room
// (a burst of 50 on a meter of 10 once had 17 accepted). So each test starts at least 10 s before
// Redis's clock reaches the next minute, on which hours and days turn too.
beforeEach(async () => {
  const [seconds] = await platform.redis.time();
  const left = 60 - (Number(seconds) % 60);
  if (left < 10) await new Promise((r) => setTimeout(r, left * 1000 + 100));
}, 15_000);

describe('Redis meters (real Redis, real HTTP)', () => {
  it('the meter script is sent again when Redis no longer holds it (restart, SCRIPT FLUSH)', async () => {
    const org = await testOrg(platform, { limits: { 'read.minute': 10 } });
    expect((await fetch(`${base}/api/v1/usage`, { headers: org.auth })).status).toBe(200);
    await platform.redis.script('FLUSH');
    expect((await fetch(`${base}/api/v1/usage`, { headers: org.auth })).status).toBe(200);
    expect(await counters(org.org_id, 'read')).toEqual([2, 2, 2]);
  });

  it('50 parallel requests on a meter with room for 10: exactly 10 accepted, 40 × 429, counters at 10', async () => {
    const org = await testOrg(platform, { limits: { 'read.minute': 10 } });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => fetch(`${base}/api/v1/usage`, { headers: org.auth })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    for (const r of responses.filter((r) => r.status === 429)) {
      const body = (await r.json()) as { retry_after: number };
      expect(body).toMatchObject({ error: 'rate_limit_exceeded', code: 'RATE_001' });
      expect(Number(r.headers.get('retry-after'))).toBe(body.retry_after);
    }
    expect(await counters(org.org_id, 'read')).toEqual([10, 10, 10]);
  });

  it('consumes n in every window or in none (a batch of N)', async () => {
    const meter = new RedisMeter(platform.redis, platform.config.namespace);
    const org = await testOrg(platform);
    const limits = { minute: 100, hour: 10, day: 1000 };
    expect((await meter.consume(org.org_id, 'submit', 7, limits)).allowed).toBe(true);
    const refused = await meter.consume(org.org_id, 'submit', 4, limits);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toEqual({ minute: 93, hour: 3, day: 993 });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    expect(await counters(org.org_id, 'submit')).toEqual([7, 7, 7]);
    expect((await meter.consume(org.org_id, 'submit', 3, limits)).remaining).toEqual({ minute: 90, hour: 0, day: 990 });
  });

  it('consumeIfCurrent takes nothing once the organisation has changed, and meters while it has not', async () => {
    const meter = new RedisMeter(platform.redis, platform.config.namespace);
    const org = await testOrg(platform);
    const limits = { minute: 100, hour: 100, day: 100 };
    const version = await new RedisTenancyVersions(platform.redis, platform.config.namespace).current(org.org_id);
    expect((await meter.consumeIfCurrent(org.org_id, 'read', 2, limits, version))?.remaining.minute).toBe(98);
    await platform.orgs.addCredits(org.org_id, 1);
    expect(await meter.consumeIfCurrent(org.org_id, 'read', 2, limits, version)).toBeNull();
    expect(await counters(org.org_id, 'read')).toEqual([2, 2, 2]);
    expect((await meter.consumeIfCurrent(org.org_id, 'read', 1, limits, version + 1))?.allowed).toBe(true);
  });

  it('meters are per organisation and per meter', async () => {
    const a = await testOrg(platform, { limits: { 'read.minute': 1 } });
    const b = await testOrg(platform, { limits: { 'read.minute': 1 } });
    expect((await fetch(`${base}/api/v1/usage`, { headers: a.auth })).status).toBe(200);
    expect((await fetch(`${base}/api/v1/usage`, { headers: a.auth })).status).toBe(429);
    expect((await fetch(`${base}/api/v1/usage`, { headers: b.auth })).status).toBe(200);
    expect(await counters(a.org_id, 'submit')).toEqual([0, 0, 0]);
  });

  it('a rejected request gives back what it drew', async () => {
    const org = await testOrg(platform, { limits: { 'read.minute': 3 } });
    const meter = new RedisMeter(platform.redis, platform.config.namespace);
    const limits = { minute: 3, hour: 2000, day: 20000 };
    const taken = await meter.consume(org.org_id, 'read', 1, limits);
    await meter.refund(org.org_id, 'read', 1, taken.at);
    expect(await counters(org.org_id, 'read')).toEqual([0, 0, 0]);
    await meter.refund(org.org_id, 'read', 5, taken.at);
    expect(await counters(org.org_id, 'read')).toEqual([0, 0, 0]);
  });

  it('a refund goes back to the windows the units came from, not the current ones', async () => {
    const org = await testOrg(platform);
    const meter = new RedisMeter(platform.redis, platform.config.namespace);
    const limits = { minute: 3, hour: 2000, day: 20000 };
    const taken = await meter.consume(org.org_id, 'read', 2, limits);
    // Units taken in the minute before this one: refunding them must not touch the current minute.
    await meter.refund(org.org_id, 'read', 2, taken.at - 60);
    const minuteKey = organisationKey(platform.config.namespace, org.org_id, 'meter', 'read', 'minute');
    expect(await platform.redis.hmget(minuteKey, 'b', 'u')).toEqual([String(Math.floor(taken.at / 60)), '2']);
    await meter.refund(org.org_id, 'read', 2, taken.at);
    expect(await platform.redis.hget(minuteKey, 'u')).toBe('0');
  });

  it("keeps every key of one organisation's meter in one Redis Cluster slot", async () => {
    const org = await testOrg(platform);
    const keys = [
      tenancyVersionKey(platform.config.namespace, org.org_id),
      ...WINDOWS.map((w) => organisationKey(platform.config.namespace, org.org_id, 'meter', 'submit', w.name)),
    ];
    // The slot Redis Cluster computes (CRC16 of the hash tag), as ioredis's own cluster client does.
    expect(new Set(keys.map((k) => calculateSlot(k))).size).toBe(1);
  });
});

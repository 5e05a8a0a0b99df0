import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsFor } from '../../../core/meters.ts';
import { MemoryMeter } from '../../doubles/meter.ts';
import { unitGateway } from '../../support/unit-gateway.ts';

describe('limits', () => {
  it('are the spec defaults', () => {
    expect(DEFAULT_LIMITS.submit).toEqual({ minute: 10, hour: 100, day: 1000 });
    expect(DEFAULT_LIMITS.read).toEqual({ minute: 120, hour: 2000, day: 20000 });
  });
  it('take per-organisation overrides per window', () => {
    expect(limitsFor('read', { 'read.minute': 500, 'submit.day': 5 })).toEqual({ minute: 500, hour: 2000, day: 20000 });
  });
});

describe('MemoryMeter (same rule as the Redis script)', () => {
  it('consumes n from every window or from none', async () => {
    const meter = new MemoryMeter(() => 1_000_000_000);
    const limits = { minute: 100, hour: 10, day: 1000 };
    expect((await meter.consume('o', 'submit', 7, limits)).allowed).toBe(true);
    const refused = await meter.consume('o', 'submit', 4, limits);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toEqual({ minute: 93, hour: 3, day: 993 });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await meter.consume('o', 'submit', 3, limits)).remaining).toEqual({ minute: 90, hour: 0, day: 990 });
  });
});

describe('meter headers and refunds through the gateway', () => {
  it('every authenticated response names its meter and shows the windows', async () => {
    const { app, org } = await unitGateway();
    const a = await org();
    const res = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(res.headers).toMatchObject({
      'x-ratelimit-meter': 'read',
      'x-ratelimit-limit-minute': '120',
      'x-ratelimit-limit-hour': '2000',
      'x-ratelimit-limit-day': '20000',
      'x-ratelimit-remaining-minute': '119',
      'x-ratelimit-remaining-hour': '1999',
      'x-ratelimit-remaining-day': '19999',
    });
  });

  it('429 RATE_001 carries retry_after and Retry-After, and a refused request consumes nothing', async () => {
    const { app, org, orgs } = await unitGateway();
    const a = await org();
    await orgs.setLimits(a.org_id, { 'read.minute': 2 });
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ url: '/api/v1/usage', headers: a.auth })).statusCode).toBe(200);
    const refused = await app.inject({ url: '/api/v1/usage', headers: a.auth });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toMatchObject({ error: 'rate_limit_exceeded', code: 'RATE_001' });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(refused.headers['retry-after']).toBe(String(body.retry_after));
    expect(refused.headers['x-ratelimit-remaining-minute']).toBe('0');
    expect(refused.headers['x-ratelimit-remaining-hour']).toBe('1998');
  });
});

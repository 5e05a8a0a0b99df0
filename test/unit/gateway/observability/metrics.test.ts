import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import metricsPlugin, { type MetricsOptions } from '../../../../gateway/observability/metrics.ts';

async function scrape(options: Partial<MetricsOptions>): Promise<string> {
  const app = Fastify();
  await app.register(metricsPlugin, { shared: null, consumerLag: null, unsweptOutbox: null, token: null, ...options });
  try {
    return (await app.inject({ url: '/metrics' })).body;
  } finally {
    await app.close();
  }
}

describe('GET /metrics: the unswept outbox', () => {
  it('reports how many outbox entries wait for a sweeper', async () => {
    expect(await scrape({ unsweptOutbox: async () => 3 })).toMatch(
      /^# TYPE verse_outbox_unswept gauge\nverse_outbox_unswept 3$/m,
    );
  });

  it('leaves the value out, rather than reporting 0, when it cannot be read', async () => {
    const text = await scrape({
      unsweptOutbox: async () => {
        throw new Error('cassandra down');
      },
    });
    expect(text).toMatch(/^# TYPE verse_outbox_unswept gauge$/m);
    expect(text).not.toMatch(/^verse_outbox_unswept /m);
  });
});

describe('GET /metrics: what a scrape costs and who may read it', () => {
  it('reads consumer lag and the outbox at most once per cache period, however often it is scraped', async () => {
    let lagReads = 0;
    let outboxReads = 0;
    const app = Fastify();
    await app.register(metricsPlugin, {
      shared: null,
      token: null,
      consumerLag: async () => {
        lagReads++;
        return [];
      },
      unsweptOutbox: async () => {
        outboxReads++;
        return 0;
      },
    });
    try {
      for (let i = 0; i < 20; i++) await app.inject({ url: '/metrics' });
    } finally {
      await app.close();
    }
    expect([lagReads, outboxReads]).toEqual([1, 1]);
  });

  it('answers 401 without the token, and the metrics with it', async () => {
    const app = Fastify();
    await app.register(metricsPlugin, {
      shared: null,
      consumerLag: null,
      unsweptOutbox: null,
      token: 'm'.repeat(32),
    });
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${'m'.repeat(32)}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/verse_gateway_/);
    } finally {
      await app.close();
    }
  });
});

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

/**
 * GET /metrics, Prometheus text: this gateway's requests and latencies (per process, as Prometheus
 * scrapes each gateway), the processors' shared series (stage durations, webhook outcomes; see
 * sinks/redis/shared-metrics.ts), consumer lag per group and the outbox entries no sweeper has
 * redone. Outside the API prefix and without an API key: VERSE_METRICS_TOKEN is presented as a
 * bearer token (production requires one; only development leaves /metrics open). Lag and outbox
 * are read at most once per SLOW_SERIES_CACHE_MS however often it is scraped.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { cached } from '../../core/cached.ts';
import type { LagRow, SharedCounters } from '../../core/ports/metrics.ts';
import { safeEqual } from '../../core/secrets.ts';

export interface MetricsOptions {
  shared: SharedCounters | null;
  consumerLag: (() => Promise<LagRow[]>) | null;
  /** Outbox entries older than the sweeper's delay: above zero for long, no review-timer is sweeping. */
  unsweptOutbox: (() => Promise<number>) | null;
  token: string | null;
}

/** Consumer lag (a Kafka admin call) and the outbox (16 partition reads) are this old at most. */
export const SLOW_SERIES_CACHE_MS = 10_000;

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const consumerLag = options.consumerLag && cached(options.consumerLag, SLOW_SERIES_CACHE_MS);
  const unsweptOutbox = options.unsweptOutbox && cached(options.unsweptOutbox, SLOW_SERIES_CACHE_MS);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'verse_gateway_' });
  const requests = new Counter({
    name: 'verse_http_requests_total',
    help: 'HTTP requests by method, route and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'verse_http_request_duration_seconds',
    help: 'HTTP request latency by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { config: { auth: false }, schema: { hide: true } }, async (request, reply) => {
    if (options.token) {
      const sent = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!safeEqual(sent, options.token)) return reply.status(401).type('text/plain').send('metrics token required\n');
    }
    const parts = [await registry.metrics()];
    if (options.shared) parts.push(await options.shared.render().catch(() => '# shared metrics unavailable\n'));
    if (consumerLag) {
      const rows = await consumerLag().catch(() => null);
      parts.push(
        '# HELP verse_consumer_lag Messages not yet processed, by consumer group and topic.\n# TYPE verse_consumer_lag gauge\n' +
          (rows ?? []).map((r) => `verse_consumer_lag{group="${r.group}",topic="${r.topic}"} ${r.lag}`).join('\n') +
          '\n',
      );
    }
    if (unsweptOutbox) {
      const count = await unsweptOutbox().catch(() => null);
      parts.push(
        '# HELP verse_outbox_unswept Job changes whose side effects a crash left undone and no sweeper has redone yet.\n' +
          '# TYPE verse_outbox_unswept gauge\n' +
          (count === null ? '' : `verse_outbox_unswept ${count}\n`),
      );
    }
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(parts.join('\n'));
  });
}

export default fp(metricsPlugin, { name: 'verse-metrics' });

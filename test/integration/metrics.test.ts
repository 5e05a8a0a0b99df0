/**
 * GET /metrics: Prometheus text with this gateway's requests and latencies, the processors' shared
 * series (stage durations, webhook outcomes), consumer lag per group and the unswept outbox; a token
 * when configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { connectTestPlatform, testGateway } from '../support/platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('GET /metrics', () => {
  it('exposes requests, latencies, stage durations, webhook outcomes, consumer lag and the unswept outbox', async () => {
    const app = await testGateway(platform);
    try {
      await app.inject({ url: '/api/v1/languages' });
      await app.inject({ url: '/api/v1/usage' });
      await platform.sharedMetrics.observe(
        'verse_processor_message_duration_seconds',
        { group: 'alignment', outcome: 'processed' },
        3.2,
      );
      await platform.sharedMetrics.count('verse_webhook_attempts_total', {
        event: 'job.complete',
        outcome: 'delivered',
      });
      const res = await app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /^verse_http_requests_total\{method="GET",route="\/api\/v1\/languages",status="200"\} [1-9]/m,
      );
      expect(text).toMatch(/^verse_http_requests_total\{method="GET",route="\/api\/v1\/usage",status="401"\} [1-9]/m);
      expect(text).toMatch(
        /^verse_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/languages"\}/m,
      );
      expect(text).toMatch(
        /^verse_processor_message_duration_seconds_count\{group="alignment",outcome="processed"\} [1-9]/m,
      );
      expect(text).toMatch(/^verse_webhook_attempts_total\{event="job\.complete",outcome="delivered"\} [1-9]/m);
      for (const group of ['transcription', 'alignment', 'webhook'])
        expect(text).toMatch(
          new RegExp(`^verse_consumer_lag\\{group="${group}",topic="verse_test\\.[\\w.-]+"\\} \\d+$`, 'm'),
        );
      expect(text).toMatch(/^verse_outbox_unswept \d+$/m);
      // Buckets of one series appear in increasing le, as the exposition format requires.
      const les = [
        ...text.matchAll(
          /^verse_processor_message_duration_seconds_bucket\{group="alignment",outcome="processed",le="([^"]+)"\}/gm,
        ),
      ].map((m) => (m[1] === '+Inf' ? Infinity : Number(m[1])));
      expect(les.length).toBeGreaterThan(3);
      expect([...les].sort((a, b) => a - b)).toEqual(les);
    } finally {
      await app.close();
    }
  });

  it('asks for VERSE_METRICS_TOKEN when one is set', async () => {
    const guarded = await connectTestPlatform({ VERSE_METRICS_TOKEN: 'scrape-me' });
    const app = await testGateway(guarded);
    try {
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
      expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-me' } })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
      await guarded.close();
    }
  });
});

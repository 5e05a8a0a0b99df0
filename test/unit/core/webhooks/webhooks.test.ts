import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../core/config.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { initialLifecycle, transition } from '../../../../core/jobs/lifecycle.ts';
import { OutboundRefusedError, OutboundTimeoutError } from '../../../../core/ports/outbound.ts';
import { generateWebhookSecret } from '../../../../core/secrets.ts';
import { describeFailure } from '../../../../core/webhooks/deliver.ts';
import { batchPayload, jobPayload } from '../../../../core/webhooks/payloads.ts';
import { chooseReplayEvent } from '../../../../core/webhooks/replay-choice.ts';
import { MAX_ATTEMPTS, nextAttempt, RETRY_TOPICS, scheduleInWords } from '../../../../core/webhooks/schedule.ts';
import { webhookHeaders } from '../../../../core/webhooks/signing.ts';
import { CONSUMER_GROUPS } from '../../../../processors/consumer-groups.ts';
import { apiSchemas } from '../../../../schemas/catalog.ts';
import type { JobCompleteEvent } from '../../../../schemas/generated/api/webhook-event.ts';
import { topicsFor } from '../../../../sinks/kafka/topics.ts';
import { codeOf } from '../../../support/errors.ts';

describe('Standard Webhooks signing', () => {
  it('verifies with the standardwebhooks library', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ event: 'job.complete', job_id: 'j1' });
    const headers = webhookHeaders(secret, 'evt_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is rejected when the body, the id or the secret differ', () => {
    const secret = generateWebhookSecret();
    const body = '{"event":"job.complete"}';
    const headers = webhookHeaders(secret, 'evt_1', body);
    expect(() => new Webhook(secret).verify('{"event":"job.failed"}', headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'evt_2' })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('keeps the id across attempts and stamps each attempt', () => {
    const secret = generateWebhookSecret();
    const a = webhookHeaders(secret, 'evt_9', '{}', new Date('2026-01-01T00:00:00Z'));
    const b = webhookHeaders(secret, 'evt_9', '{}', new Date('2026-01-01T00:01:00Z'));
    expect(a['webhook-id']).toBe(b['webhook-id']);
    expect(Number(b['webhook-timestamp']) - Number(a['webhook-timestamp'])).toBe(60);
    expect(a['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
});

const at = new Date('2026-03-01T10:00:00Z');
function job(align = true): JobRecord {
  const lifecycle = transition(initialLifecycle({ align, review: false, review_stage: null }), {
    type: 'transcript_ready',
    at,
  }).lifecycle;
  return {
    job_id: '22222222-2222-4222-8222-222222222222',
    org_id: 'org',
    version: 3,
    lifecycle,
    language: 'Spanish',
    word_align_requested: true,
    romanisation: 'standard',
    review_delivery: null,
    external_id: 'cat-9',
    isrc: null,
    batch_id: null,
    end_user_id: null,
    end_user_external_id: null,
    key_id: null,
    review_nonce: null,
    review_token_sha256: null,
    webhook_url: 'https://hooks.example.com',
    audio_source: 'url',
    audio_url: null,
    audio_key: null,
    audio_format: null,
    original_filename: 'a',
    created_at: at,
    updated_at: at,
    duration_seconds: 12,
    transcription_attempt: 1,
    transcription_started_at: at,
    alignment_attempt: 0,
    alignment_started_at: null,
    results: {
      transcript: 'hola',
      transliteration: 'hola',
      translation: 'hello',
      cultural_notes: null,
      fallback_language: null,
    },
    lines: null,
    second_opinion: null,
    alignment: null,
    degraded: [{ component: 'language', reason: 'x' }],
  };
}

describe('payloads', () => {
  const ctx = { baseUrl: 'https://v.example.com', reviewUrl: null };

  it('job.complete carries the spec fields; downloads are omitted when align=false', () => {
    const p = jobPayload('job.complete', job(false), ctx) as JobCompleteEvent;
    expect(Object.keys(p).sort()).toEqual(
      [
        'alignment',
        'created_at',
        'duration_seconds',
        'event',
        'external_id',
        'isrc',
        'job_id',
        'language',
        'results',
        'second_opinion',
        'studio_url',
      ].sort(),
    );
    expect(p.results).toEqual({
      transcript: 'hola',
      transliteration: 'hola',
      translation: 'hello',
      cultural_notes: null,
      instrumental: false,
      explicit: null,
      untranslated_lines: [],
      sections: null, // align=false: no timings to place sections by
    });
  });

  it('job.failed, job.degraded and batch.complete follow DESIGN.md', () => {
    const failed = {
      ...job(),
      lifecycle: {
        ...job().lifecycle,
        status: 'failed' as const,
        error: { stage: 'alignment' as const, message: 'm', failed_at: at },
      },
    };
    expect(jobPayload('job.failed', failed, ctx)).toEqual({
      event: 'job.failed',
      job_id: failed.job_id,
      language: 'Spanish',
      external_id: 'cat-9',
      isrc: null,
      error: { stage: 'alignment', message: 'm', failed_at: at.toISOString() },
    });
    expect(jobPayload('job.degraded', job(), ctx)).toEqual({
      event: 'job.degraded',
      job_id: job().job_id,
      degraded: [{ component: 'language', reason: 'x' }],
    });
    expect(
      batchPayload('b1', 'partial', [
        { job_id: 'a', status: 'complete' },
        { job_id: 'b', status: 'failed' },
      ]),
    ).toEqual({
      event: 'batch.complete',
      batch_id: 'b1',
      status: 'partial',
      job_count: 2,
      completed: 1,
      failed: 1,
      jobs: [
        { job_id: 'a', status: 'complete' },
        { job_id: 'b', status: 'failed' },
      ],
    });
  });
});

describe('the published event schema (schemas/api/webhook-event.json, in the OpenAPI document)', () => {
  const ajv = new Ajv({ strict: false });
  addFormats.default(ajv);
  for (const schema of apiSchemas) ajv.addSchema(schema as object);
  const validate = ajv.getSchema('webhook-event.json')!;
  const ctx = { baseUrl: 'https://v.example.com', reviewUrl: 'https://v.example.com/review/x?token=t' };
  const failed = () => ({
    ...job(),
    lifecycle: {
      ...job().lifecycle,
      status: 'failed' as const,
      error: { stage: 'alignment' as const, message: 'm', failed_at: at },
    },
  });

  it.each([
    ['job.complete with downloads', () => jobPayload('job.complete', job(true), ctx)],
    ['job.complete without', () => jobPayload('job.complete', job(false), ctx)],
    ['job.awaiting_review', () => jobPayload('job.awaiting_review', job(), ctx)],
    ['job.failed', () => jobPayload('job.failed', failed(), ctx)],
    ['job.degraded', () => jobPayload('job.degraded', job(), ctx)],
    ['batch.complete', () => batchPayload('b1', 'complete', [{ job_id: 'a', status: 'complete' }])],
  ])('describes what the service sends: %s', (_name, build) => {
    const payload = JSON.parse(JSON.stringify(build()));
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
  });

  it('refuses a body it does not describe', () => {
    expect(validate({ event: 'job.complete', job_id: 'j' })).toBe(false);
    expect(validate({ event: 'job.exploded', job_id: 'j' })).toBe(false);
  });
});

describe('the delivery schedule', () => {
  it('waits 1, 5 and 30 minutes after attempts 1, 2 and 3, and ends after the fourth', () => {
    expect([1, 2, 3, 4].map(nextAttempt)).toEqual([
      { attempt: 2, delayMs: 60_000, topic: 'webhookRetry1m' },
      { attempt: 3, delayMs: 300_000, topic: 'webhookRetry5m' },
      { attempt: 4, delayMs: 1_800_000, topic: 'webhookRetry30m' },
      null,
    ]);
    expect(MAX_ATTEMPTS).toBe(4);
    expect(scheduleInWords()).toBe('now, +1 min, +5 min, +30 min');
  });

  it('holds each retry on a topic named after its delay, which the webhook group reads', () => {
    const topics = topicsFor(loadConfig({ VERSE_MODE: 'development', VERSE_NAMESPACE: 'verse' }));
    expect(RETRY_TOPICS.map((t) => topics[t].name)).toEqual([
      'verse.webhook-retry-1m',
      'verse.webhook-retry-5m',
      'verse.webhook-retry-30m',
    ]);
    expect(CONSUMER_GROUPS.webhook).toEqual(['jobEvents', ...RETRY_TOPICS]);
  });
});

describe('what a failed attempt reports', () => {
  const errno = (code: string, message = code) => Object.assign(new Error(message), { code });
  it.each([
    [
      new OutboundRefusedError('hooks.example.com resolves to a private or reserved address'),
      /^refused destination: hooks/,
    ],
    [new OutboundTimeoutError('timed out after 10000 ms'), /^timeout: no complete answer within 10 s$/],
    [errno('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'), /^dns: the host name did not resolve$/],
    [errno('DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'), /^tls: the secure connection failed$/],
    [errno('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames"), /^tls: /],
    [errno('ECONNREFUSED'), /^connection refused$/],
    [errno('ECONNRESET'), /^connection reset$/],
    // Raw socket messages (ports, addresses, protocol details) never reach the caller.
    [errno('EPROTO', 'write EPROTO 10.1.2.3:8443 wrong version number'), /^connection failed$/],
    [errno('EHOSTUNREACH', 'connect EHOSTUNREACH 10.1.2.3:22'), /^connection failed$/],
  ])('%s', (error, expected) => {
    expect(describeFailure(error)).toMatch(expected);
  });
});

describe('which event a replay sends', () => {
  const now = new Date('2026-03-02T00:00:00Z');
  const complete = (): JobRecord => {
    const j = job();
    return { ...j, lifecycle: { ...j.lifecycle, status: 'complete', stage: 'done', completed_at: at } };
  };

  it('picks job.complete for a finished job, job.failed for a failed one, and the gate while a reviewer holds it', () => {
    expect(chooseReplayEvent(complete(), undefined, null, now)).toBe('job.complete');
    const failed = job();
    failed.lifecycle = {
      ...failed.lifecycle,
      status: 'failed',
      error: { stage: 'alignment', message: 'x', failed_at: at },
    };
    expect(chooseReplayEvent(failed, undefined, null, now)).toBe('job.failed');
    const held = complete();
    held.lifecycle = { ...held.lifecycle, review_required: true, review_gate: 'aligned', review_gate_at: at };
    expect(chooseReplayEvent(held, undefined, 'https://v.example.com/review/x?token=t', now)).toBe(
      'job.awaiting_review',
    );
  });

  it('refuses with the spec codes', () => {
    expect(codeOf(() => chooseReplayEvent({ ...complete(), webhook_url: null }, undefined, null, now))).toBe(
      'HOOK_001',
    );
    expect(codeOf(() => chooseReplayEvent(job(), 'job.complete', null, now))).toBe('HOOK_002');
    expect(codeOf(() => chooseReplayEvent(complete(), 'job.failed', null, now))).toBe('HOOK_002');
    expect(codeOf(() => chooseReplayEvent(complete(), 'job.awaiting_review', null, now))).toBe('HOOK_003');
    const held = complete();
    held.lifecycle = { ...held.lifecycle, review_required: true, review_gate: 'aligned', review_gate_at: at };
    expect(codeOf(() => chooseReplayEvent(held, 'job.complete', 'https://r', now))).toBe('HOOK_002');
    expect(codeOf(() => chooseReplayEvent(held, undefined, null, now))).toBe('HOOK_003');
    const later = new Date(at.getTime() + 8 * 86400_000);
    expect(codeOf(() => chooseReplayEvent(held, undefined, 'https://r', later))).toBe('HOOK_004');
  });
});

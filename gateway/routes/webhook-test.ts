/**
 * POST /webhook-test (DESIGN.md): a signed sample event to the caller's endpoint, delivered exactly
 * as real events are (https only, private addresses refused, 10 s, no redirects, success on 2xx).
 */
import type { FastifyInstance } from 'fastify';
import { invalid } from '../../core/errors.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { initialLifecycle } from '../../core/jobs/lifecycle.ts';
import { checkUrl } from '../../core/net/address-policy.ts';
import { randomId } from '../../core/secrets.ts';
import { deliverSigned } from '../../core/webhooks/deliver.ts';
import { batchPayload, type EventName, jobPayload } from '../../core/webhooks/payloads.ts';
import { principalOf } from '../types.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

const EVENTS: EventName[] = ['job.complete', 'job.awaiting_review', 'job.failed', 'job.degraded', 'batch.complete'];

function sampleJob(): JobRecord {
  const at = new Date();
  return {
    job_id: '00000000-0000-4000-8000-000000000000',
    org_id: 'sample',
    version: 1,
    lifecycle: {
      ...initialLifecycle({ align: false, review: true, review_stage: 'aligned' }),
      status: 'complete',
      stage: 'done',
      completed_at: at,
      review_gate: 'aligned',
      review_gate_at: at,
      error: { stage: 'transcription', message: 'Sample failure', failed_at: at },
    },
    language: 'English',
    word_align_requested: true,
    romanisation: 'standard',
    review_delivery: 'both',
    external_id: 'sample',
    isrc: null,
    batch_id: null,
    end_user_id: null,
    end_user_external_id: null,
    key_id: null,
    review_nonce: null,
    review_token_sha256: null,
    webhook_url: null,
    audio_source: 'url',
    audio_url: null,
    audio_key: null,
    audio_format: null,
    original_filename: 'sample',
    created_at: at,
    updated_at: at,
    duration_seconds: 180,
    transcription_attempt: 1,
    transcription_started_at: at,
    alignment_attempt: 0,
    alignment_started_at: null,
    results: {
      transcript: 'A sample line',
      transliteration: 'A sample line',
      translation: 'A sample line',
      cultural_notes: null,
      fallback_language: null,
    },
    lines: null,
    second_opinion: null,
    alignment: null,
    degraded: [{ component: 'sample', reason: 'a sample event' }],
  };
}

export default async function webhookTestRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  app.post<{ Body: { webhook_url: string; event?: EventName } }>(
    '/webhook-test',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Send a signed sample event to your endpoint',
        tags: ['webhooks'],
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          required: ['webhook_url'],
          additionalProperties: false,
          properties: { webhook_url: { type: 'string', maxLength: 2048 }, event: { type: 'string', enum: EVENTS } },
        },
        response: { 200: ref('webhook-test.json'), ...AUTHENTICATED_ERRORS, ...errors(400) },
      },
    },
    async (request) => {
      const { webhook_url: url, event = 'job.complete' } = request.body;
      try {
        checkUrl(url, options.services.outbound.policy);
      } catch (error) {
        throw invalid(`webhook_url is not allowed: ${(error as Error).message}`);
      }
      const payload =
        event === 'batch.complete'
          ? batchPayload('00000000-0000-4000-8000-000000000001', 'complete', [
              { job_id: sampleJob().job_id, status: 'complete' },
            ])
          : jobPayload(event, sampleJob(), { baseUrl: options.baseUrl, reviewUrl: null });
      const outcome = await deliverSigned(
        {
          url,
          body: JSON.stringify({ ...payload, sample: true }),
          webhookId: randomId('msg'),
          secret: principalOf(request).key.webhook_secret,
          now: new Date(),
        },
        options.services.outbound,
      );
      if (outcome.refused) throw invalid('webhook_url is not allowed: it resolves to a private or reserved address');
      return {
        delivered: outcome.success,
        status_code: outcome.status_code,
        error: outcome.error,
        event,
        webhook_url: url,
      };
    },
  );
}

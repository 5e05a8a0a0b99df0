/**
 * Webhook recovery (spec): GET /webhooks/dead-letters, POST /webhooks/dead-letters/{id}/replay,
 * GET /webhooks/deliveries and POST /jobs/{job_id}/replay-webhook. Replays are sent from here,
 * synchronously, through the same sender the webhook processor uses, and are recorded as attempts.
 */
import type { FastifyInstance } from 'fastify';
import { decodeListCursor, encodeListCursor, filterFingerprint } from '../../core/app/cursors.ts';
import { apiError } from '../../core/errors.ts';
import { newUuid } from '../../core/ids.ts';
import type { DeadLetter, DeliveryRecord } from '../../core/ports/webhooks.ts';
import { reviewUrlOf } from '../../core/review/tokens.ts';
import { JOB_EVENTS, jobPayload } from '../../core/webhooks/payloads.ts';
import { chooseReplayEvent, type JobEventName } from '../../core/webhooks/replay-choice.ts';
import { principalOf } from '../types.ts';
import { ownJob } from './jobs.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

/** Rows read at most per page, so a page with a rare filter stays cheap; has_more tells the client to go on. */
const SCAN_CAP = 5000;

const limit = { type: 'integer', minimum: 1, maximum: 200, default: 50 } as const;
const cursor = { type: 'string', maxLength: 512 } as const;
const uuid = { type: 'string', format: 'uuid' } as const;

interface DeadLetterQuery {
  resolved?: 'true';
  job_id?: string;
  limit: number;
  cursor?: string;
}

interface DeliveryQuery {
  job_id?: string;
  event?: JobEventName;
  success?: 'true' | 'false';
  since?: string;
  limit: number;
  cursor?: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function presentDeadLetter(d: DeadLetter) {
  return {
    id: d.id,
    job_id: d.job_id,
    ...(d.batch_id && !d.job_id ? { batch_id: d.batch_id } : {}),
    event: d.event,
    webhook_url: d.webhook_url,
    attempts: d.attempts,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: d.created_at.toISOString(),
    resolved_at: iso(d.resolved_at),
    resolved_via: d.resolved_via,
  };
}

function presentDelivery(d: DeliveryRecord) {
  return {
    id: d.id,
    job_id: d.job_id,
    event: d.event,
    webhook_url: d.webhook_url,
    attempt: d.attempt,
    ...(d.status_code === null ? {} : { status_code: d.status_code }),
    success: d.success,
    error: d.error,
    delivered_at: d.delivered_at.toISOString(),
  };
}

export default async function webhookRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services, cursorSecret } = options;
  const { webhooks } = services;

  app.get<{ Querystring: DeadLetterQuery }>(
    '/webhooks/dead-letters',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Events that used all four attempts, newest first',
        tags: ['webhooks'],
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { resolved: { type: 'string', enum: ['true'] }, job_id: uuid, limit, cursor },
        },
        response: { 200: ref('dead-letter-list.json'), ...AUTHENTICATED_ERRORS, ...errors(400) },
      },
    },
    async (request) => {
      const orgId = principalOf(request).org.org_id;
      const q = request.query;
      const fp = filterFingerprint(orgId, q);
      const page = await webhooks.deadLetters.scan(orgId, {
        from: q.cursor ? decodeListCursor(cursorSecret, q.cursor, fp) : null,
        jobId: q.job_id ?? null,
        limit: q.limit,
        scanCap: SCAN_CAP,
        matches: (d) => q.resolved === 'true' || d.resolved_at === null,
      });
      return {
        dead_letters: page.rows.map(presentDeadLetter),
        has_more: page.next !== null,
        next_cursor: page.next ? encodeListCursor(cursorSecret, page.next, fp) : null,
      };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/webhooks/dead-letters/:id/replay',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Send a dead letter again: the exact stored bytes, freshly signed',
        tags: ['webhooks'],
        security: [{ bearer: [] }],
        params: { type: 'object', properties: { id: { type: 'string', maxLength: 100 } } },
        response: { 200: ref('dead-letter-replay.json'), ...AUTHENTICATED_ERRORS, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const orgId = principalOf(request).org.org_id;
      const dead = await webhooks.deadLetters.get(request.params.id);
      if (!dead || dead.org_id !== orgId) throw apiError('HOOK_005');
      if (dead.resolved_at) throw apiError('HOOK_006', dead.resolved_at.toISOString());
      const event = await webhooks.events.get(dead.event_id);
      if (!event) throw new Error(`dead letter ${dead.id} has no stored event ${dead.event_id}`);
      const attempt = (await webhooks.events.attemptCount(event.event_id)) + 1;
      const { refused: _refused, ...outcome } = await webhooks.sender.send(event, attempt);
      await webhooks.events.recordAttempt(event.event_id, attempt, outcome);
      // The sender clears the event's dead letters on success; this read reports what is stored.
      const after = await webhooks.deadLetters.get(dead.id);
      return {
        dead_letter_id: dead.id,
        job_id: dead.job_id,
        event: dead.event,
        delivered: outcome.success,
        status_code: outcome.status_code,
        error: outcome.error,
        resolved: after?.resolved_at != null,
      };
    },
  );

  app.get<{ Querystring: DeliveryQuery }>(
    '/webhooks/deliveries',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Every delivery attempt, newest first',
        tags: ['webhooks'],
        security: [{ bearer: [] }],
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            job_id: uuid,
            event: { type: 'string', enum: JOB_EVENTS },
            success: { type: 'string', enum: ['true', 'false'] },
            since: { type: 'string', format: 'date-time' },
            limit,
            cursor,
          },
        },
        response: { 200: ref('delivery-list.json'), ...AUTHENTICATED_ERRORS, ...errors(400) },
      },
    },
    async (request) => {
      const orgId = principalOf(request).org.org_id;
      const q = request.query;
      const fp = filterFingerprint(orgId, q);
      const page = await webhooks.deliveries.scan(orgId, {
        from: q.cursor ? decodeListCursor(cursorSecret, q.cursor, fp) : null,
        since: q.since ? new Date(q.since) : null,
        limit: q.limit,
        scanCap: SCAN_CAP,
        matches: (d) =>
          (!q.job_id || d.job_id === q.job_id) &&
          (!q.event || d.event === q.event) &&
          (!q.success || String(d.success) === q.success),
      });
      return {
        deliveries: page.rows.map(presentDelivery),
        has_more: page.next !== null,
        next_cursor: page.next ? encodeListCursor(cursorSecret, page.next, fp) : null,
      };
    },
  );

  app.post<{ Params: { job_id: string }; Body: { event?: JobEventName } | undefined }>(
    '/jobs/:job_id/replay-webhook',
    {
      config: { meter: 'read' },
      schema: {
        summary: "Send a job's event again, rebuilt from its current state, to its webhook_url",
        tags: ['webhooks'],
        security: [{ bearer: [] }],
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { event: { type: 'string', enum: JOB_EVENTS } },
        },
        response: { 200: ref('webhook-replay.json'), ...AUTHENTICATED_ERRORS, ...errors(400, 404, 409) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const job = await ownJob(services, principal.org.org_id, request.params.job_id);
      const now = new Date();
      const reviewUrl = reviewUrlOf(job, options.baseUrl, options.reviewSecret);
      const event = chooseReplayEvent(job, request.body?.event, reviewUrl, now);
      const stored = await webhooks.events.putIfAbsent({
        event_id: `evt_${job.job_id}_${event}_replay_${newUuid()}`,
        org_id: job.org_id,
        event,
        job_id: job.job_id,
        batch_id: job.batch_id,
        key_id: job.key_id,
        webhook_url: job.webhook_url!,
        payload: JSON.stringify(jobPayload(event, job, { baseUrl: options.baseUrl, reviewUrl })),
        retry: false,
        created_at: now,
        delivered_at: null,
      });
      const outcome = await webhooks.sender.send(stored, 1);
      return {
        job_id: job.job_id,
        event,
        delivered: outcome.success,
        status_code: outcome.status_code,
        webhook_url: stored.webhook_url,
      };
    },
  );
}

/**
 * What the API reference says of each operation beyond its schemas: its operationId, the error codes
 * each of its error statuses can carry (the spec's endpoint and Errors sections, and DESIGN.md's
 * additions), and an example request and answer. describe.ts applies this table to the generated
 * document; an operation missing here fails the document's test, so a new route is documented or
 * noticed.
 */

import type { ErrorCode } from '../../core/errors.ts';
import { FEED_SETTLE_MS } from '../../core/jobs/feed-days.ts';
import {
  BODY_DEADLINE_MS,
  BODY_IDLE_MS,
  MAX_AUDIO_URL_BYTES,
  MAX_UPLOAD_BYTES,
  megabytes,
  seconds,
} from '../../core/policy.ts';
import * as ex from './examples.ts';

export type CodeNotes = Partial<Record<ErrorCode, string>>;

export interface OperationDoc {
  operationId: string;
  description?: string;
  /** Per error status: the codes it carries here, each with when. */
  errors: Partial<Record<number, CodeNotes>>;
  /** Example request bodies by content type. */
  request?: Record<string, unknown>;
  /** Example answers by status (JSON unless `contentType` says otherwise). */
  responses?: Record<number, { example: unknown; contentType?: string; description?: string; schema?: object }>;
}

/** Every authenticated operation can answer these. */
export const AUTHENTICATED: Partial<Record<number, CodeNotes>> = {
  401: { AUTH_001: 'Missing or malformed Authorization header, or an invalid, inactive or expired key' },
  429: { RATE_001: 'A window of this meter is full; retry after retry_after seconds (also in Retry-After)' },
  503: { SRV_001: 'A dependency (Cassandra, Kafka, Redis) did not answer in time; retryable' },
};

const BODY_TIMEOUT: CodeNotes = {
  BODY_002: `The request body stalled (${seconds(BODY_IDLE_MS)} without data) or took over ${seconds(BODY_DEADLINE_MS)}`,
};
const IDEMPOTENCY: CodeNotes = {
  IDEM_001: 'A request with this Idempotency-Key is still running; retry',
  IDEM_002: 'This Idempotency-Key was used with a different body; do not retry',
};
const JOB_NOT_FOUND: CodeNotes = { NOT_001: "No such job, or another organisation's" };
const LIST_PARAMS: CodeNotes = { VAL_001: 'An invalid limit, cursor or filter parameter' };

const submitJson = {
  language: 'Hindi',
  audio_url: 'https://cdn.label.example/masters/dil-se.flac',
  isrc: 'IN-ABC-24-00042',
  external_id: 'dil-se',
  review: true,
  review_stage: 'aligned',
  webhook_url: 'https://hooks.label.example/verse',
};

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/v1/languages': {
    operationId: 'listLanguages',
    errors: {},
    responses: { 200: { example: ex.languages } },
  },
  'GET /api/v1/health': {
    operationId: 'getHealth',
    errors: {},
    responses: {
      200: { example: ex.health },
      503: {
        example: {
          ...ex.health,
          status: 'degraded',
          components: {
            ...ex.health.components,
            redis: { status: 'down', error: 'connect ECONNREFUSED 10.0.3.12:6379' },
          },
        },
      },
    },
  },
  'GET /api/v1/health/live': {
    operationId: 'getLiveness',
    errors: {},
    responses: { 200: { example: { status: 'alive' } } },
  },
  'POST /api/v1/align': {
    operationId: 'alignWithdrawn',
    description: 'Withdrawn: every method on this path answers 410, before authentication or body checks.',
    errors: { 410: { GONE_001: 'Withdrawn: request align at submission or use POST /jobs/{job_id}/align' } },
  },
  'GET /api/v1/usage': {
    operationId: 'getUsage',
    errors: {},
    responses: { 200: { example: ex.usage } },
  },
  'POST /api/v1/transcribe': {
    operationId: 'submitSong',
    errors: {
      400: {
        VAL_001:
          'Missing or unknown language (names are case-sensitive), neither file nor audio_url, audio_url not https, malformed ISRC, review_stage or review_delivery without review, a file that is not audio',
      },
      402: {
        PAY_001: 'The credit balance is 0 or below; buying credits fixes it',
        PAY_002: "The plan does not cover a requested feature (align on the transcript plan); credits don't fix it",
      },
      403: { AUTH_002: 'A transcript-only key asked for alignment' },
      408: BODY_TIMEOUT,
      409: IDEMPOTENCY,
      413: {
        VAL_002: `The audio_url probe reports over ${megabytes(MAX_AUDIO_URL_BYTES)}`,
        BODY_001: `The uploaded file is over ${megabytes(MAX_UPLOAD_BYTES)}: send it by audio_url`,
      },
      415: { MEDIA_001: 'The body is neither application/json nor multipart/form-data' },
    },
    request: {
      'application/json': submitJson,
      'multipart/form-data': { language: 'English', file: '(binary: rain.mp3)', external_id: 'rain' },
    },
    responses: { 202: { example: ex.jobAccepted } },
  },
  'POST /api/v1/batch': {
    operationId: 'submitBatch',
    errors: {
      400: { VAL_001: 'Not an array or {jobs}, 0 or over 20 jobs, or a job with a missing or invalid field (named)' },
      402: { PAY_001: 'Not enough credits for every job', PAY_002: 'The plan does not cover a requested feature' },
      403: { AUTH_002: 'A transcript-only key asked for alignment' },
      408: BODY_TIMEOUT,
      409: IDEMPOTENCY,
      413: { VAL_002: "A job's audio_url probe reports over 100 MB" },
      429: { RATE_001: 'The N jobs would overfill a submit window: nothing was created (jobs_requested says N)' },
    },
    request: {
      'application/json': {
        jobs: [
          submitJson,
          { language: 'English', audio_url: 'https://cdn.label.example/masters/rain.mp3', external_id: 'rain' },
        ],
        webhook_url: 'https://hooks.label.example/verse-batches',
      },
    },
    responses: { 202: { example: ex.batchAccepted } },
  },
  'GET /api/v1/batch/{batch_id}': {
    operationId: 'getBatch',
    errors: { 404: { NOT_001: "No such batch, or another organisation's" } },
    responses: { 200: { example: ex.batch } },
  },
  'GET /api/v1/jobs/{job_id}': {
    operationId: 'getJob',
    errors: { 404: JOB_NOT_FOUND },
    responses: { 200: { example: ex.job } },
  },
  'GET /api/v1/jobs': {
    operationId: 'listJobChanges',
    description: `The change feed: the organisation's jobs in updated_at order, oldest change first, strictly after updated_since or the cursor's position. Each row is the job as of that change, without lyrics. A change appears once it is ${FEED_SETTLE_MS / 1000} s old: newer rows are held back, so a change being written at this moment is never skipped by a page that has already passed its timestamp. A sync loop that follows next_cursor, or asks again with updated_since set to the last row's updated_at, sees every change at least once. A job that changes again appears again, at its new position, with its new state; until that new row is shown it stays listed at its previous position, so every job of the organisation is listed exactly once at every moment. Each row carries degraded_count, the length of the job's degraded list. has_more false means nothing older than the settle window is left; ask again later.`,
    errors: { 400: { VAL_001: 'An invalid limit, status, updated_since, batch_id or cursor' } },
    responses: { 200: { example: ex.jobList } },
  },
  'GET /api/v1/jobs/{job_id}/download/{type}/{variant}': {
    operationId: 'downloadTimedLyrics',
    errors: {
      403: { AUTH_002: 'A transcript-only key asked for timed output' },
      404: { NOT_001: "No such job, another organisation's, or an unknown type or variant" },
      409: {
        JOB_001: 'The job failed: stop polling (the body carries stage)',
        JOB_002: 'This output was never requested (align=false, or words with word_align=false)',
      },
    },
    responses: {
      200: {
        contentType: 'text/plain',
        description:
          "The file. lrc, elrc, srt, vtt: text/plain; ttml: application/ttml+xml, valid W3C TTML1 in the shape of Apple Music's lyric TTML (a <div> per song section with itunes:song-part, a <p> per line keyed itunes:key L1.., a timed <span> per word; the English translation and, for non-Latin scripts, the timed romanisation under <head><metadata><iTunesMetadata>); words: a JSON array of {word, timestamp, end, confidence}. Content-Disposition names it after the upload.",
        schema: { type: 'string' },
        example: '[00:00.42]I walk alone in the rain tonight.\n',
      },
      202: { example: { status: 'processing' } },
    },
  },
  'POST /api/v1/jobs/{job_id}/align': {
    operationId: 'alignJob',
    errors: {
      402: { PAY_002: 'The plan does not include alignment' },
      403: { AUTH_002: 'A transcript-only key' },
      404: JOB_NOT_FOUND,
      409: {
        ALN_001: 'No transcript yet',
        ALN_002: 'The job is held for review',
        ALN_003: 'Re-alignment unavailable or gave no usable result',
        ALN_004: 'Alignment already running',
      },
      422: { ALN_005: 'No stored audio to align against' },
    },
    responses: {
      202: {
        description: 'A transcript-only job queued for its first alignment; poll GET /jobs/{job_id}',
        schema: {
          type: 'object',
          required: ['job_id', 'status', 'message'],
          properties: {
            job_id: { type: 'string' },
            status: { type: 'string', enum: ['queued'] },
            message: { type: 'string' },
          },
        },
        example: { job_id: ex.ids.job, status: 'queued', message: 'Alignment queued' },
      },
      200: {
        description: 'An aligned job, re-aligned at once (realigned: true) or left as it was (reason: unchanged)',
        schema: {
          type: 'object',
          required: ['job_id', 'status', 'realigned'],
          properties: {
            job_id: { type: 'string' },
            status: { type: 'string', enum: ['complete'] },
            realigned: { type: 'boolean' },
            lines: { type: 'integer' },
            words: { type: 'integer' },
            coverage: { type: 'number' },
            reason: { type: 'string' },
            message: { type: 'string' },
          },
        },
        example: { job_id: ex.ids.job, status: 'complete', realigned: true, lines: 1, words: 7, coverage: 1 },
      },
    },
  },
  'POST /api/v1/jobs/{job_id}/approve': {
    operationId: 'approveJob',
    errors: {
      400: { APR_002: 'lines or transliterated_lines is not an array of strings, or is empty' },
      404: JOB_NOT_FOUND,
      409: {
        APR_001: 'The job is not waiting for review',
        APR_003: 'review_delivery=link: only the review page can approve',
        APR_005: 'The two arrays would differ in length',
        REV_001: 'The line count changed at the aligned gate and timings cannot be re-derived',
      },
      502: { APR_004: 'Edits saved but the release failed; the approval was rolled back. Retry' },
    },
    request: {
      'application/json': {
        lines: ['I walk alone in the rain tonight'],
        transliterated_lines: ['I walk alone in the rain tonight'],
      },
    },
    responses: { 200: { example: ex.approvalAligned } },
  },
  'POST /api/v1/webhook-test': {
    operationId: 'testWebhook',
    errors: { 400: { VAL_001: 'webhook_url missing, not https, not allowed, or an unknown event' } },
    request: { 'application/json': { webhook_url: 'https://hooks.label.example/verse', event: 'job.complete' } },
    responses: {
      200: {
        example: {
          delivered: true,
          status_code: 200,
          error: null,
          event: 'job.complete',
          webhook_url: 'https://hooks.label.example/verse',
        },
      },
    },
  },
  'GET /api/v1/webhooks/dead-letters': {
    operationId: 'listDeadLetters',
    errors: { 400: LIST_PARAMS },
    responses: { 200: { example: { dead_letters: [ex.deadLetter], has_more: false, next_cursor: null } } },
  },
  'POST /api/v1/webhooks/dead-letters/{id}/replay': {
    operationId: 'replayDeadLetter',
    errors: {
      400: { VAL_001: 'The id is not a UUID' },
      404: { HOOK_005: "No such dead letter, or another organisation's" },
      409: { HOOK_006: 'Already cleared' },
    },
    responses: {
      200: {
        example: {
          dead_letter_id: ex.deadLetter.id,
          job_id: ex.ids.job,
          event: 'job.complete',
          delivered: true,
          status_code: 200,
          error: null,
          resolved: true,
        },
      },
    },
  },
  'GET /api/v1/webhooks/deliveries': {
    operationId: 'listDeliveries',
    errors: { 400: LIST_PARAMS },
    responses: { 200: { example: { deliveries: [ex.deliveryAttempt], has_more: false, next_cursor: null } } },
  },
  'POST /api/v1/jobs/{job_id}/replay-webhook': {
    operationId: 'replayJobWebhook',
    errors: {
      400: { VAL_001: 'event is not a job event' },
      404: JOB_NOT_FOUND,
      409: {
        HOOK_001: 'The job has no webhook_url',
        HOOK_002: 'The job is not complete',
        HOOK_003: 'No review link to replay',
        HOOK_004: 'The review link has expired',
      },
    },
    request: { 'application/json': { event: 'job.complete' } },
    responses: {
      200: {
        example: {
          job_id: ex.ids.job,
          event: 'job.complete',
          delivered: true,
          status_code: 200,
          webhook_url: 'https://hooks.label.example/verse',
        },
      },
    },
  },
};

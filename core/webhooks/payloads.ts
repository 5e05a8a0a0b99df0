/**
 * Webhook payloads (spec, Events; DESIGN.md settles job.failed, job.degraded and batch.complete).
 * Built from the job's current state, typed by their schema (schemas/api/webhook-event.json), which
 * the OpenAPI document publishes.
 */
import type {
  BatchCompleteEvent,
  JobAwaitingReviewEvent,
  JobCompleteEvent,
  JobDegradedEvent,
  JobFailedEvent,
} from '../../schemas/generated/api/webhook-event.ts';
import { isInstrumental } from '../jobs/instrumental.ts';
import type { JobRecord } from '../jobs/job.ts';
import { downloadsOf, studioUrl } from '../jobs/present.ts';
import { resultSections } from '../jobs/sections.ts';
import { untranslatedLines } from '../jobs/translation.ts';
import { reviewExpiresAt } from '../review/tokens.ts';

export type EventName = 'job.complete' | 'job.awaiting_review' | 'job.failed' | 'job.degraded' | 'batch.complete';

export const JOB_EVENTS: readonly EventName[] = ['job.complete', 'job.awaiting_review', 'job.failed', 'job.degraded'];

export interface PayloadContext {
  baseUrl: string;
  reviewUrl: string | null;
}

export function jobPayload(
  event: Exclude<EventName, 'batch.complete'>,
  job: JobRecord,
  ctx: PayloadContext,
): JobCompleteEvent | JobAwaitingReviewEvent | JobFailedEvent | JobDegradedEvent {
  const l = job.lifecycle;
  switch (event) {
    case 'job.complete': {
      const downloads = downloadsOf(job, ctx.baseUrl);
      return {
        event,
        job_id: job.job_id,
        language: job.language,
        created_at: job.created_at.toISOString(),
        duration_seconds: job.duration_seconds,
        studio_url: studioUrl(job, ctx.baseUrl),
        external_id: job.external_id,
        isrc: job.isrc,
        second_opinion: job.second_opinion,
        alignment: job.alignment,
        results: {
          transcript: job.results?.transcript ?? '',
          transliteration: job.results?.transliteration ?? '',
          translation: job.results?.translation ?? '',
          cultural_notes: job.results?.cultural_notes ?? null,
          instrumental: isInstrumental(job.results?.transcript ?? ''),
          explicit: job.results?.explicit ?? null,
          untranslated_lines: untranslatedLines(job.language, job.lines ?? []),
          sections: resultSections(job),
          ...(downloads ? { downloads } : {}),
        },
      };
    }
    case 'job.awaiting_review':
      return {
        event,
        job_id: job.job_id,
        language: job.language,
        review_url: ctx.reviewUrl,
        expires_at: reviewExpiresAt(job),
        studio_url: studioUrl(job, ctx.baseUrl),
        review_stage: l.review_gate ?? l.review_stage ?? 'aligned',
      };
    case 'job.failed':
      return {
        event,
        job_id: job.job_id,
        language: job.language,
        external_id: job.external_id,
        isrc: job.isrc,
        error: l.error
          ? { stage: l.error.stage, message: l.error.message, failed_at: l.error.failed_at.toISOString() }
          : null,
      };
    case 'job.degraded':
      return { event, job_id: job.job_id, degraded: job.degraded };
  }
}

export function batchPayload(
  batchId: string,
  status: BatchCompleteEvent['status'],
  jobs: { job_id: string; status: string }[],
): BatchCompleteEvent {
  return {
    event: 'batch.complete',
    batch_id: batchId,
    status,
    job_count: jobs.length,
    completed: jobs.filter((j) => j.status === 'complete').length,
    failed: jobs.filter((j) => j.status === 'failed').length,
    jobs,
  };
}

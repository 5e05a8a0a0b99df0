/**
 * Which event POST /jobs/{id}/replay-webhook sends, and when it refuses (spec, Webhook recovery).
 * Without a requested event: job.awaiting_review while a reviewer holds the job, job.complete once
 * it has finished, job.failed for a failed job.
 */
import { apiError } from '../errors.ts';
import type { JobRecord } from '../jobs/job.ts';
import { reviewExpiresAt } from '../review/tokens.ts';
import type { EventName } from './payloads.ts';

export type JobEventName = Exclude<EventName, 'batch.complete'>;

export function chooseReplayEvent(
  job: JobRecord,
  requested: JobEventName | undefined,
  reviewUrl: string | null,
  now: Date,
): JobEventName {
  const l = job.lifecycle;
  if (!job.webhook_url) throw apiError('HOOK_001');
  const event =
    requested ?? (l.review_gate ? 'job.awaiting_review' : l.status === 'failed' ? 'job.failed' : 'job.complete');
  switch (event) {
    case 'job.awaiting_review': {
      if (!l.review_gate || !reviewUrl) throw apiError('HOOK_003');
      const expires = reviewExpiresAt(job);
      if (expires && Date.parse(expires) <= now.getTime()) throw apiError('HOOK_004', expires);
      return event;
    }
    case 'job.complete':
      if (l.status !== 'complete') throw apiError('HOOK_002', `The job is ${l.status}, not complete`);
      if (l.review_gate) throw apiError('HOOK_002', 'job.complete is held until the review is approved');
      return event;
    case 'job.degraded':
      if (l.status !== 'complete' || job.degraded.length === 0)
        throw apiError('HOOK_002', 'The job has not completed in a degraded way');
      return event;
    case 'job.failed':
      if (l.status !== 'failed') throw apiError('HOOK_002', `The job is ${l.status}, not failed`);
      return event;
  }
}

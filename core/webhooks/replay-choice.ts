/**
 * Which event POST /jobs/{id}/replay-webhook sends, and when it refuses (spec, Webhook recovery).
 * Without a requested event: job.awaiting_review while a reviewer holds the job, job.complete once
 * it has finished, job.failed for a failed job.
 */
import { ApiError } from '../errors.ts';
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
  if (!job.webhook_url) throw new ApiError('HOOK_001', 'This job was submitted without a webhook_url');
  const event =
    requested ?? (l.review_gate ? 'job.awaiting_review' : l.status === 'failed' ? 'job.failed' : 'job.complete');
  switch (event) {
    case 'job.awaiting_review': {
      if (!l.review_gate || !reviewUrl) throw new ApiError('HOOK_003', 'This job has no review link to replay');
      const expires = reviewExpiresAt(job);
      if (expires && Date.parse(expires) <= now.getTime())
        throw new ApiError('HOOK_004', `The review link expired at ${expires}`);
      return event;
    }
    case 'job.complete':
      if (l.status !== 'complete') throw new ApiError('HOOK_002', `The job is ${l.status}, not complete`);
      if (l.review_gate) throw new ApiError('HOOK_002', 'job.complete is held until the review is approved');
      return event;
    case 'job.degraded':
      if (l.status !== 'complete' || job.degraded.length === 0)
        throw new ApiError('HOOK_002', 'The job has not completed in a degraded way');
      return event;
    case 'job.failed':
      if (l.status !== 'failed') throw new ApiError('HOOK_002', `The job is ${l.status}, not failed`);
      return event;
  }
}

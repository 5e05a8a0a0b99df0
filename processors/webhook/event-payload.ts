/**
 * What a job event becomes on the wire: the destination (the job's webhook_url, or the batch's for
 * batch.complete), the key whose secret signs it, and the JSON body built from current state.
 * Null when there is nowhere to send it (no webhook_url: polling is enough, spec rule 7).
 */

import { finishedBatchStatus } from '../../core/jobs/batch.ts';
import type { BatchStore } from '../../core/ports/batches.ts';
import type { JobStore } from '../../core/ports/jobs.ts';
import type { WebhookEvent } from '../../core/ports/webhooks.ts';
import { reviewUrlOf } from '../../core/review/tokens.ts';
import { batchPayload, jobPayload } from '../../core/webhooks/payloads.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { PoisonMessageError } from '../runtime.ts';

export interface EventSources {
  jobs: JobStore;
  batches: BatchStore;
  baseUrl: string;
  reviewSecret: string;
}

export async function webhookEventOf(
  message: JobEventMessage,
  sources: EventSources,
  now: Date,
): Promise<WebhookEvent | null> {
  const common = {
    event_id: message.event_id,
    org_id: message.org_id,
    event: message.event,
    retry: message.retry,
    created_at: now,
    delivered_at: null,
  };
  if (message.event === 'batch.complete') {
    const batch = message.batch_id ? await sources.batches.get(message.batch_id) : null;
    if (!batch || batch.org_id !== message.org_id) throw new PoisonMessageError(`no batch ${message.batch_id}`);
    if (!batch.webhook_url) return null;
    const records = await sources.jobs.getMany(batch.job_ids);
    const jobs = records.map((j) => ({ job_id: j.job_id, status: j.lifecycle.status }));
    const status = finishedBatchStatus(records);
    return {
      ...common,
      job_id: null,
      batch_id: batch.batch_id,
      key_id: batch.key_id,
      webhook_url: batch.webhook_url,
      payload: JSON.stringify(batchPayload(batch.batch_id, status, jobs)),
    };
  }
  const job = message.job_id ? await sources.jobs.get(message.job_id) : null;
  if (!job || job.org_id !== message.org_id) throw new PoisonMessageError(`no job ${message.job_id}`);
  if (!job.webhook_url) return null;
  return {
    ...common,
    job_id: job.job_id,
    batch_id: job.batch_id,
    key_id: job.key_id,
    webhook_url: job.webhook_url,
    payload: JSON.stringify(
      jobPayload(message.event, job, {
        baseUrl: sources.baseUrl,
        reviewUrl: reviewUrlOf(job, sources.baseUrl, sources.reviewSecret),
      }),
    ),
  };
}

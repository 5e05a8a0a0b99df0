/**
 * What a job change owes beyond its row, one effect at a time: the feed index and the jobs.changes
 * record of every change a client can see, the next stage's message, events, timers, usage, and a
 * batch's completion. Each is idempotent (event ids derive from the change), so the writer's
 * sweeper may run any of them again (job-writer.ts is the protocol that decides when).
 */

import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import type { Clock } from '../clock.ts';
import { batchFinishedAt } from '../jobs/batch.ts';
import type { PreviousPlace } from '../jobs/feed-filters.ts';
import type { JobRecord } from '../jobs/job.ts';
import type { Effect } from '../jobs/lifecycle.ts';
import { ALIGNMENT_ALLOWANCE_MS, TRANSCRIPT_REVIEW_WAIT_MS, TRANSCRIPTION_ALLOWANCE_MS } from '../policy.ts';
import type { WriterDeps } from './job-writer.ts';

/** Side effects beyond the lifecycle's own. */
export type SideEffect =
  | Effect
  | 'submit'
  | 'usage_created'
  | 'usage_duration'
  | 'usage_completed'
  | 'transcription_allowance'
  | 'alignment_allowance'
  | 'check_batch';

/** The ports the effects write to. */
export type EffectDeps = Pick<WriterDeps, 'jobs' | 'feed' | 'timers' | 'usage' | 'batches' | 'publisher'>;

const TERMINAL = new Set(['complete', 'failed']);

/** Effects implied by the difference between two versions of a job. */
export function derivedEffects(prev: JobRecord, next: JobRecord): SideEffect[] {
  const out: SideEffect[] = [];
  if (prev.duration_seconds === null && next.duration_seconds !== null) out.push('usage_duration');
  if (!prev.transcription_started_at && next.transcription_started_at) out.push('transcription_allowance');
  if (next.alignment_started_at && prev.alignment_started_at?.getTime() !== next.alignment_started_at.getTime()) {
    out.push('alignment_allowance');
  }
  const hasTimings = (j: JobRecord) =>
    j.lifecycle.status === 'complete' && j.lifecycle.align_requested && j.alignment !== null;
  if (!hasTimings(prev) && hasTimings(next)) out.push('usage_completed');
  if (next.batch_id && !TERMINAL.has(prev.lifecycle.status) && TERMINAL.has(next.lifecycle.status))
    out.push('check_batch');
  return out;
}

export class JobEffects {
  constructor(
    private readonly deps: EffectDeps,
    private readonly clock: Clock,
  ) {}

  /**
   * `changeVersion` names the change the effects belong to; event ids derive from it. `seen`: the
   * change shows to clients, so it gets a feed row and a `jobs.changes` record (unseen-changes.ts).
   */
  async run(
    job: JobRecord,
    previous: PreviousPlace | null,
    effects: SideEffect[],
    changeVersion = job.version,
    seen = true,
  ): Promise<void> {
    // Independent writes, so they go together; a crash between them is redone from the outbox.
    if (seen) {
      await Promise.all([
        this.deps.feed.record(job, previous),
        this.deps.publisher.publish('jobChanges', job.job_id, changeRecord(job)),
      ]);
    }
    for (const effect of effects) await this.runEffect(job, effect, changeVersion);
  }

  private async runEffect(job: JobRecord, effect: SideEffect, changeVersion: number): Promise<void> {
    const { publisher, timers, usage } = this.deps;
    const now = this.clock.now().toISOString();
    switch (effect) {
      case 'submit':
        return publisher.publish('submissions', job.job_id, {
          job_id: job.job_id,
          org_id: job.org_id,
          reason: 'submitted',
          published_at: now,
        });
      case 'queue_alignment':
        return publisher.publish('stageResults', job.job_id, {
          job_id: job.job_id,
          org_id: job.org_id,
          completed_stage: job.lifecycle.aligning_existing
            ? 'align_request'
            : job.lifecycle.review_approved_at
              ? 'review'
              : 'transcription',
          next_stage: 'alignment',
          version: job.version,
          published_at: now,
        });
      case 'open_review_gate':
        if (job.lifecycle.review_gate === 'transcript' && job.lifecycle.review_gate_at) {
          await timers.schedule({
            job_id: job.job_id,
            kind: 'review_expiry',
            due_at: new Date(job.lifecycle.review_gate_at.getTime() + TRANSCRIPT_REVIEW_WAIT_MS),
          });
        }
        return;
      case 'emit_awaiting_review':
        return this.emit(job, 'job.awaiting_review', true, changeVersion);
      case 'emit_complete':
      case 'emit_complete_once':
        await this.emit(job, 'job.complete', effect === 'emit_complete', changeVersion);
        if (job.degraded.length > 0) await this.emit(job, 'job.degraded', true, changeVersion);
        return;
      case 'emit_failed':
        return this.emit(job, 'job.failed', true, changeVersion);
      case 'usage_created':
        await usage.apply({ orgId: job.org_id, jobId: job.job_id, metric: 'total_jobs', amount: 1 });
        return usage.apply({ orgId: job.org_id, jobId: job.job_id, metric: `language:${job.language}`, amount: 1 });
      case 'usage_duration':
        return usage.apply({
          orgId: job.org_id,
          jobId: job.job_id,
          metric: 'duration_ms',
          amount: Math.round((job.duration_seconds ?? 0) * 1000),
        });
      case 'usage_completed':
        return usage.apply({ orgId: job.org_id, jobId: job.job_id, metric: 'completed_jobs', amount: 1 });
      case 'transcription_allowance':
        if (!job.transcription_started_at) return;
        return timers.schedule({
          job_id: job.job_id,
          kind: 'transcription_allowance',
          due_at: new Date(job.transcription_started_at.getTime() + TRANSCRIPTION_ALLOWANCE_MS),
        });
      case 'alignment_allowance':
        if (!job.alignment_started_at) return;
        return timers.schedule({
          job_id: job.job_id,
          kind: 'alignment_allowance',
          due_at: new Date(job.alignment_started_at.getTime() + ALIGNMENT_ALLOWANCE_MS),
        });
      case 'check_batch':
        return this.checkBatch(job);
    }
  }

  private async emit(
    job: JobRecord,
    event: JobEventMessage['event'],
    retry: boolean,
    changeVersion: number,
  ): Promise<void> {
    await this.deps.publisher.publish('jobEvents', job.job_id, {
      // Stable per change: a redone effect re-sends the same id, which receivers deduplicate.
      event_id: `evt_${job.job_id}_${event}_${changeVersion}`,
      event,
      org_id: job.org_id,
      job_id: job.job_id,
      batch_id: job.batch_id,
      occurred_at: job.updated_at.toISOString(),
      retry,
    });
  }

  /** Publishes batch.complete once every job of the batch is terminal. */
  private async checkBatch(job: JobRecord): Promise<void> {
    if (!job.batch_id) return;
    const batch = await this.deps.batches.get(job.batch_id);
    if (!batch || batch.complete_event_sent) return;
    const jobs = await this.deps.jobs.getMany(batch.job_ids);
    if (jobs.length < batch.job_ids.length || !jobs.every((j) => TERMINAL.has(j.lifecycle.status))) return;
    const completedAt = batchFinishedAt(jobs);
    // Publish first, then mark: a crash between them re-publishes the same event id, never loses it.
    await this.deps.publisher.publish('jobEvents', batch.batch_id, {
      event_id: `evt_${batch.batch_id}_batch.complete`,
      event: 'batch.complete',
      org_id: batch.org_id,
      job_id: null,
      batch_id: batch.batch_id,
      occurred_at: completedAt.toISOString(),
      retry: true,
    });
    await this.deps.batches.markCompleted(batch.batch_id, completedAt);
  }
}
export function changeRecord(job: JobRecord): JobChangeMessage {
  const l = job.lifecycle;
  return {
    job_id: job.job_id,
    org_id: job.org_id,
    version: job.version,
    status: l.status,
    stage: l.stage,
    language: job.language,
    external_id: job.external_id,
    isrc: job.isrc,
    batch_id: job.batch_id,
    align_requested: l.align_requested,
    review_required: l.review_required,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    transcript_completed_at: l.transcript_completed_at?.toISOString() ?? null,
    completed_at: l.completed_at?.toISOString() ?? null,
    duration_seconds: job.duration_seconds,
    error_stage: l.error?.stage ?? null,
  };
}

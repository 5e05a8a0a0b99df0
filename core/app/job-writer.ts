/**
 * The one way job state changes. A change is a compare-and-set on the job's version, bracketed by
 * an outbox row naming its side effects: written before, deleted after they ran. The side effects
 * (feed index, the jobs.changes record, the next topic message, events, timers, usage) are each
 * idempotent, so the sweeper can simply run again whatever a crash left in the outbox.
 */

import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { newUuid } from '../ids.ts';
import { batchFinishedAt } from '../jobs/batch.ts';
import type { PreviousPlace } from '../jobs/feed-filters.ts';
import type { JobPatch, JobRecord } from '../jobs/job.ts';
import { type Effect, type LifecycleEvent, TransitionError, transition } from '../jobs/lifecycle.ts';
import {
  firstOutboxBucket,
  lastStaleOutboxBucket,
  OUTBOX_BUCKETS_PER_SWEEP,
  OUTBOX_SWEEP_LEASE_MS,
} from '../jobs/outbox-buckets.ts';
import { isUnseenChange } from '../jobs/unseen-changes.ts';
import type { Logger } from '../logger.ts';
import { ALIGNMENT_ALLOWANCE_MS, TRANSCRIPT_REVIEW_WAIT_MS, TRANSCRIPTION_ALLOWANCE_MS } from '../policy.ts';
import type { BatchStore } from '../ports/batches.ts';
import type { JobFeed } from '../ports/feed.ts';
import type { JobStore, OutboxEntry } from '../ports/jobs.ts';
import type { Publisher } from '../ports/publisher.ts';
import type { Timers } from '../ports/timers.ts';
import type { UsageLedger } from '../ports/usage.ts';
import { mintReviewLink } from '../review/tokens.ts';

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

/** What a caller wants to do to a job, decided from its current state; null: nothing to do. */
export interface ChangeRequest {
  patch?: JobPatch;
  event?: LifecycleEvent;
}

/**
 * The job row was inserted (and its credit is bound to it) but its side effects did not all run; its
 * outbox entry stays for a retry of the creation or for the sweeper.
 */
export class CreationIncompleteError extends Error {
  override readonly name = 'CreationIncompleteError';
  constructor(
    readonly jobId: string,
    override readonly cause: unknown,
  ) {
    super(`job ${jobId} was stored but its side effects did not all run`);
  }
}

export interface ChangeOutcome {
  job: JobRecord;
  changed: boolean;
  effects: SideEffect[];
}

/** The writer's ports: Cassandra and Kafka in the service (ops/platform.ts), doubles in unit tests. */
export interface WriterDeps {
  config: Pick<Config, 'reviewSecret'>;
  logger: Pick<Logger, 'warn'>;
  jobs: JobStore;
  feed: Pick<JobFeed, 'record'>;
  timers: Pick<Timers, 'schedule'>;
  usage: UsageLedger;
  batches: Pick<BatchStore, 'get' | 'markCompleted'>;
  publisher: Publisher;
  /** Stamps updated_at and messages; the system clock but in a benchmark that moves through days. */
  clock?: Clock;
}

const TERMINAL = new Set(['complete', 'failed']);

/** Effects implied by the difference between two versions of a job. */
function derivedEffects(prev: JobRecord, next: JobRecord): SideEffect[] {
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

/** Each write gets a later updated_at than the one before, even within one millisecond. */
function nextUpdatedAt(prev: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), prev.getTime() + 1));
}

export class JobWriter {
  /** Names this writer when it holds the outbox sweep's lease. */
  private readonly sweeperId = newUuid();
  private readonly clock: Clock;

  constructor(private readonly deps: WriterDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Creates the job once. Returns false when it already exists: a retry of a creation (ids derive
   * from the Idempotency-Key), which first finishes whatever side effects the earlier attempt left
   * in the outbox. Only the writer whose insert took place clears the creation's outbox entry, so
   * a retry can never erase work that is still owed.
   */
  async create(job: JobRecord): Promise<boolean> {
    const existing = await this.deps.jobs.get(job.job_id);
    if (existing) {
      const pending = await this.deps.jobs.outboxEntry(job.job_id, job.version);
      if (pending) await this.redo(pending);
      return false;
    }
    const effects: SideEffect[] = ['submit', 'usage_created'];
    const owed = await this.deps.jobs.addOutbox(job.job_id, job.version, effects, null);
    if (!(await this.deps.jobs.insert(job))) return false;
    try {
      await this.runEffects(job, null, effects);
    } catch (error) {
      throw new CreationIncompleteError(job.job_id, error);
    }
    await this.deps.jobs.removeOutbox(owed);
    return true;
  }

  /**
   * Applies `decide` to the current job until its compare-and-set wins. `decide` sees fresh state on
   * every try, so a stale message or a lost race turns into "nothing to do" instead of a double apply.
   * `known`: the job as the caller last read or wrote it. The first try starts from it without a
   * read; if it is no longer current the compare-and-set fails and the job is read as usual.
   */
  async change(
    jobId: string,
    decide: (job: JobRecord) => ChangeRequest | null,
    known?: JobRecord,
  ): Promise<ChangeOutcome | null> {
    let assumed = known?.job_id === jobId ? known : undefined;
    for (; ; assumed = undefined) {
      const prev = assumed ?? (await this.deps.jobs.get(jobId));
      if (!prev) return null;
      const request = decide(prev);
      // On assumed state "nothing to do" may be out of date: only the stored job can say so.
      if (!request) {
        if (assumed) continue;
        return { job: prev, changed: false, effects: [] };
      }
      let lifecycle = request.patch?.lifecycle ?? prev.lifecycle;
      let lifecycleEffects: Effect[] = [];
      if (request.event) {
        let t: ReturnType<typeof transition>;
        try {
          t = transition(lifecycle, request.event);
        } catch (error) {
          if (assumed && error instanceof TransitionError) continue;
          throw error;
        }
        lifecycle = t.lifecycle;
        lifecycleEffects = t.effects;
      }
      const next: JobRecord = { ...prev, ...request.patch, lifecycle, version: prev.version + 1 };
      // A gate that opens mints its review link in the same write (spec: not for review_delivery=api).
      if (lifecycleEffects.includes('open_review_gate') && next.review_delivery !== 'api') {
        Object.assign(next, mintReviewLink(this.deps.config.reviewSecret, next.job_id));
      }
      const seen = !isUnseenChange(prev, next);
      next.updated_at = seen ? nextUpdatedAt(prev.updated_at, this.clock.now()) : prev.updated_at;
      const effects = [...lifecycleEffects, ...derivedEffects(prev, next)];
      const previous: PreviousPlace = { updated_at: prev.updated_at, status: prev.lifecycle.status };
      // The outbox brackets side effects; an unseen change without effects has none to owe.
      const bracketed = seen || effects.length > 0;
      const owed = bracketed ? await this.deps.jobs.addOutbox(jobId, next.version, effects, previous) : null;
      if (!(await this.deps.jobs.replace(next, prev.version))) {
        if (owed) await this.deps.jobs.removeOutbox(owed);
        continue;
      }
      await this.runEffects(next, seen ? previous : null, effects, next.version, seen);
      if (owed) await this.deps.jobs.removeOutbox(owed);
      return { job: next, changed: true, effects };
    }
  }

  /** Like change(), but a lifecycle event that no longer applies is "nothing to do", not an error. */
  async changeIfAllowed(
    jobId: string,
    decide: (job: JobRecord) => ChangeRequest | null,
    known?: JobRecord,
  ): Promise<ChangeOutcome | null> {
    try {
      return await this.change(jobId, decide, known);
    } catch (error) {
      if (error instanceof TransitionError) {
        const job = await this.deps.jobs.get(jobId);
        return job ? { job, changed: false, effects: [] } : null;
      }
      throw error;
    }
  }

  /**
   * Redoes the side effects of changes a crash left unfinished, bucket by bucket from the sweep
   * checkpoint (core/jobs/outbox-buckets.ts). A change whose effects may have been missed by feed
   * readers is re-stamped with a fresh updated_at first, so no sync loop that already passed its old
   * position misses it. An entry this sweep could not finish (another writer moved the job on, or a
   * dependency failed) is owed again from now, so the checkpoint passes its bucket and nothing is
   * left behind it.
   */
  async sweep(now = this.clock.now()): Promise<number> {
    const { jobs } = this.deps;
    const lease = () => new Date(Math.max(Date.now(), now.getTime()) + OUTBOX_SWEEP_LEASE_MS);
    const from = await jobs.claimOutboxSweep(this.sweeperId, now, lease(), firstOutboxBucket(now));
    if (from === null) return 0;
    const last = Math.min(lastStaleOutboxBucket(now), from + OUTBOX_BUCKETS_PER_SWEEP - 1);
    let redone = 0;
    for (let bucket = from; bucket <= last; bucket++) {
      for (const entry of await jobs.outboxBucket(bucket)) {
        let done = false;
        try {
          done = await this.redo(entry);
        } catch (error) {
          this.deps.logger.warn({ err: error, job_id: entry.job_id, version: entry.version }, 'outbox redo failed');
        }
        if (done) redone++;
        else await this.owedAgain(entry);
      }
    }
    // The checkpoint moves once per walk (a crash walks those buckets again: redoing is idempotent).
    // Lost the lease, this sweep outlasted it: the sweeper that took it over walks on from there.
    if (last >= from) await jobs.advanceOutboxSweep(this.sweeperId, last + 1, lease());
    return redone;
  }

  /**
   * An entry still owed, written again in the current bucket, then cleared from its old place (in
   * that order: a crash between leaves it owed twice, never not at all). Written again in the same
   * millisecond it is the same entry, and stays.
   */
  private async owedAgain(entry: OutboxEntry): Promise<void> {
    const again = await this.deps.jobs.addOutbox(entry.job_id, entry.version, entry.effects, entry.previous);
    if (again.created_at.getTime() !== entry.created_at.getTime()) await this.deps.jobs.removeOutbox(entry);
  }

  /**
   * Runs one outbox entry's effects again on the job's current state, then clears the entry. The
   * re-stamp is a compare-and-set from the version read here, so of several sweepers (or a sweeper
   * and a retried creation) one redoes the entry; the others leave it to that one, which clears it
   * once the effects ran, or leaves it for the next sweep if it crashes first.
   */
  private async redo(entry: OutboxEntry): Promise<boolean> {
    const job = await this.deps.jobs.get(entry.job_id);
    if (job && job.version >= entry.version) {
      const touched = await this.change(entry.job_id, (j) => (j.version === job.version ? { patch: {} } : null));
      if (!touched?.changed) return false;
      // Also drops the feed row the crashed change may have left at the position it moved from.
      await this.runEffects(touched.job, entry.previous, entry.effects as SideEffect[], entry.version);
    }
    await this.deps.jobs.removeOutbox(entry);
    this.deps.logger.warn(
      { job_id: entry.job_id, version: entry.version, effects: entry.effects },
      'outbox entry redone',
    );
    return true;
  }

  /** The outbox entries the next sweep would redo: those of the stale buckets from the checkpoint on. */
  async staleOutbox(now = this.clock.now()): Promise<OutboxEntry[]> {
    const from = (await this.deps.jobs.outboxCheckpoint()) ?? firstOutboxBucket(now);
    const last = Math.min(lastStaleOutboxBucket(now), from + OUTBOX_BUCKETS_PER_SWEEP - 1);
    const out: OutboxEntry[] = [];
    for (let bucket = from; bucket <= last; bucket++) out.push(...(await this.deps.jobs.outboxBucket(bucket)));
    return out;
  }

  /**
   * `changeVersion` names the change the effects belong to; event ids derive from it. `seen`: the
   * change shows to clients, so it gets a feed row and a `jobs.changes` record (unseen-changes.ts).
   */
  private async runEffects(
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

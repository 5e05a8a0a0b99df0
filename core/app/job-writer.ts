/**
 * The one way job state changes: the protocol. A change is a compare-and-set on the job's version,
 * bracketed by an outbox row naming its side effects: written before, deleted after they ran. What
 * each effect does is job-effects.ts; each is idempotent, so the sweeper can simply run again
 * whatever a crash left in the outbox.
 */

import { type Clock, systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { newUuid } from '../ids.ts';
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
import type { BatchStore } from '../ports/batches.ts';
import type { JobFeed } from '../ports/feed.ts';
import type { JobStore, OutboxEntry } from '../ports/jobs.ts';
import type { Publisher } from '../ports/publisher.ts';
import type { Timers } from '../ports/timers.ts';
import type { UsageLedger } from '../ports/usage.ts';
import { mintReviewLink } from '../review/tokens.ts';
import { VerseError } from '../verse-error.ts';
import { derivedEffects, JobEffects, type SideEffect } from './job-effects.ts';

/** What a caller wants to do to a job, decided from its current state; null: nothing to do. */
export interface ChangeRequest {
  patch?: JobPatch;
  event?: LifecycleEvent;
}

/**
 * The job's insert failed without an answer, so the row may be stored (a lightweight transaction
 * cut off after some replicas accepted it is completed by the next one on its row). Its outbox
 * entry stays for a retry of the creation or for the sweeper, so whatever the job holds (its
 * uploaded audio) must stay with it.
 */
export class CreationIncompleteError extends VerseError {
  constructor(
    readonly jobId: string,
    cause: unknown,
  ) {
    super(`job ${jobId} may have been stored: its insert got no answer`, { retriable: true, cause });
  }
}

/**
 * How a creation ended. `created`: stored, every side effect run. `owed`: stored, and its side
 * effects (the submission message, the change record, the usage count) left in the outbox, which
 * the sweeper runs within OUTBOX_STALE_MS and a bucket: the job is accepted all the same, as a
 * durable row is what acceptance promises. `existing`: a retry found the job already stored.
 */
export type Creation = 'created' | 'owed' | 'existing';

export interface ChangeOptions {
  /**
   * For a change a client asked for (an approval, an alignment request): once it is stored, side
   * effects that fail stay owed to the sweeper and the change counts as done, as a creation's do,
   * so the client is not told to retry what took place. A processor leaves it unset: its failure
   * keeps the message uncommitted, and the redelivery finds the change made.
   */
  effectsMayWait?: boolean;
}

export interface CreateOptions {
  /** Store the job and leave its side effects to the sweeper, without trying them now. */
  deferEffects?: boolean;
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

/** Each write gets a later updated_at than the one before, even within one millisecond. */
function nextUpdatedAt(prev: Date, now: Date): Date {
  return new Date(Math.max(now.getTime(), prev.getTime() + 1));
}

export class JobWriter {
  /** Names this writer when it holds the outbox sweep's lease. */
  private readonly sweeperId = newUuid();
  private readonly clock: Clock;
  private readonly effects: JobEffects;

  constructor(private readonly deps: WriterDeps) {
    this.clock = deps.clock ?? systemClock;
    this.effects = new JobEffects(deps, this.clock);
  }

  /**
   * Creates the job once. A retry of a creation (ids derive from the Idempotency-Key) finds it
   * `existing`, and first finishes whatever side effects the earlier attempt left in the outbox.
   * Only the writer whose insert took place clears the creation's outbox entry, so a retry can
   * never erase work that is still owed. A side effect that fails once the row is stored (Kafka
   * electing a new leader, or down) leaves the creation `owed` rather than failing it.
   */
  async create(job: JobRecord, options: CreateOptions = {}): Promise<Creation> {
    const existing = await this.deps.jobs.get(job.job_id);
    if (existing) {
      if (!options.deferEffects) await this.finishOwed(job).catch((error) => this.leaveOwed(job, error));
      return 'existing';
    }
    const effects: SideEffect[] = ['submit', 'usage_created'];
    const owed = await this.deps.jobs.addOutbox(job.job_id, job.version, effects, null);
    let inserted: boolean;
    try {
      inserted = await this.deps.jobs.insert(job);
    } catch (error) {
      throw new CreationIncompleteError(job.job_id, error);
    }
    if (!inserted) return 'existing';
    if (options.deferEffects) return 'owed';
    try {
      await this.effects.run(job, null, effects);
      await this.deps.jobs.removeOutbox(owed);
      return 'created';
    } catch (error) {
      this.leaveOwed(job, error);
      return 'owed';
    }
  }

  private leaveOwed(job: Pick<JobRecord, 'job_id' | 'version'>, error: unknown): void {
    this.deps.logger.warn(
      { err: error, job_id: job.job_id, version: job.version },
      'change stored; its side effects left to the sweeper',
    );
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
    options: ChangeOptions = {},
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
      try {
        await this.effects.run(next, seen ? previous : null, effects, next.version, seen);
        if (owed) await this.deps.jobs.removeOutbox(owed);
      } catch (error) {
        if (!owed || !options.effectsMayWait) throw error;
        this.leaveOwed(next, error);
      }
      return { job: next, changed: true, effects };
    }
  }

  /**
   * Finishes the side effects still owed by the change that made `job` (its outbox entry at that
   * version), as the sweeper would later: for a writer retrying what a crashed writer began, so
   * the job moves on now instead of after the outbox goes stale.
   */
  async finishOwed(job: Pick<JobRecord, 'job_id' | 'version'>): Promise<void> {
    const pending = await this.deps.jobs.outboxEntry(job.job_id, job.version);
    if (pending) await this.redo(pending);
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
      await this.effects.run(touched.job, entry.previous, entry.effects as SideEffect[], entry.version);
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
}

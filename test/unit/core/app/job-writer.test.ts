/**
 * The job writer on in-memory ports: what each lifecycle transition owes (events, timers, usage,
 * the next stage's message), a crash between any two of its steps followed by a sweep, a retried
 * creation after a partial one, and batch completion.
 */

import { describe, expect, it } from 'vitest';
import { CreationIncompleteError, JobWriter } from '../../../../core/app/job-writer.ts';
import { newUuid } from '../../../../core/ids.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { OUTBOX_BUCKET_MS } from '../../../../core/jobs/outbox-buckets.ts';
import { OUTBOX_STALE_MS, TRANSCRIPT_REVIEW_WAIT_MS, TRANSCRIPTION_ALLOWANCE_MS } from '../../../../core/policy.ts';
import {
  MemoryBatchStore,
  MemoryJobFeed,
  MemoryJobStore,
  MemoryPublisher,
  MemoryTimers,
  MemoryUsageLedger,
} from '../../../doubles/job-ports.ts';
import { unitJobRecord } from '../../../support/jobs.ts';

/** The writer's ports, each method able to fail on the Nth call across all of them (a crash there). */
function ports(failAtCall = 0) {
  const raw = {
    jobs: new MemoryJobStore(),
    feed: new MemoryJobFeed(),
    timers: new MemoryTimers(),
    usage: new MemoryUsageLedger(),
    batches: new MemoryBatchStore(),
    publisher: new MemoryPublisher(),
  };
  let calls = 0;
  const faulty = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, prop, receiver) {
        const value = Reflect.get(obj, prop, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (++calls === failAtCall) return Promise.reject(new Error(`injected crash at call ${calls}`));
          return value.apply(obj, args);
        };
      },
    });
  const writer = new JobWriter({
    config: { reviewSecret: 'unit-review-secret' },
    logger: { warn: () => {} },
    jobs: faulty(raw.jobs),
    feed: faulty(raw.feed),
    timers: faulty(raw.timers),
    usage: faulty(raw.usage),
    batches: faulty(raw.batches),
    publisher: faulty(raw.publisher),
  });
  /** The same stores behind a writer that does not fail: the sweeper after the crash. */
  const sweeper = new JobWriter({ config: { reviewSecret: 'unit-review-secret' }, logger: { warn: () => {} }, ...raw });
  return { ...raw, writer, sweeper, calls: () => calls };
}

const newJob = unitJobRecord;

/** When an entry written now is stale, and its whole bucket with it. */
const later = () => new Date(Date.now() + OUTBOX_STALE_MS + OUTBOX_BUCKET_MS + 1000);
const transcribed = (at = new Date()) => ({
  patch: { duration_seconds: 12.5, transcription_started_at: at, transcription_attempt: 1 },
  event: { type: 'transcript_ready' as const, at },
});

describe('creating a job', () => {
  it('stores it, publishes its submission and change record, counts it, and leaves no outbox entry', async () => {
    const p = ports();
    const job = newJob({ external_id: 'cat-1' });
    expect(await p.writer.create(job)).toBe('created');
    expect(p.publisher.on('submissions')).toEqual([expect.objectContaining({ job_id: job.job_id })]);
    expect(p.publisher.on('jobChanges')).toHaveLength(1);
    expect(p.feed.rows).toHaveLength(1);
    expect(p.usage.totals.get('org_unit:total_jobs')).toBe(1);
    expect(
      await p.feed.scan('org_unit', { updated_at: new Date(0), job_id: null }, 10, {
        name: 'external_id',
        value: 'cat-1',
      }),
    ).toEqual([expect.objectContaining({ job_id: job.job_id })]);
    expect(p.jobs.outbox.size).toBe(0);
  });

  it('a publish that fails once the job is stored leaves the creation owed, and the sweeper finishes it', async () => {
    const p = ports();
    const job = newJob();
    p.publisher.publish = (() => Promise.reject(new Error('broker down'))) as typeof p.publisher.publish;
    expect(await p.writer.create(job)).toBe('owed');
    expect(p.jobs.rows.has(job.job_id)).toBe(true);
    expect(p.jobs.outbox.size).toBe(1);
    p.publisher.publish = MemoryPublisher.prototype.publish.bind(p.publisher) as typeof p.publisher.publish;

    expect(await p.writer.sweep(later())).toBe(1);
    expect(p.publisher.on('submissions')).toEqual([expect.objectContaining({ job_id: job.job_id })]);
    expect(p.usage.totals.get('org_unit:total_jobs')).toBe(1);
    expect(p.jobs.outbox.size).toBe(0);
  });

  it('a deferred creation stores the job and runs nothing until the sweep', async () => {
    const p = ports();
    const job = newJob();
    expect(await p.writer.create(job, { deferEffects: true })).toBe('owed');
    expect(p.publisher.sent).toEqual([]);
    expect(p.jobs.outbox.size).toBe(1);
    expect(await p.writer.sweep(later())).toBe(1);
    expect(p.publisher.on('submissions')).toHaveLength(1);
  });

  it('a retried creation after its publish failed finishes what the first attempt owed, once', async () => {
    const p = ports();
    const job = newJob();
    p.publisher.publish = (() => Promise.reject(new Error('broker down'))) as typeof p.publisher.publish;
    expect(await p.writer.create(job)).toBe('owed');
    // A retry while Kafka is still unreachable finds the job, and leaves what it owes owed.
    expect(await p.writer.create(job)).toBe('existing');
    expect([...p.jobs.outbox.values()].map((e) => e.effects)).toContainEqual(['submit', 'usage_created']);
    p.publisher.publish = MemoryPublisher.prototype.publish.bind(p.publisher) as typeof p.publisher.publish;

    expect(await p.writer.create(job)).toBe('existing');
    expect(p.publisher.on('submissions')).toHaveLength(1);
    expect(p.usage.totals.get('org_unit:total_jobs')).toBe(1);
    // What the failed retry's own re-stamp owes (its change record) is the sweeper's.
    await p.writer.sweep(later());
    expect(p.jobs.outbox.size).toBe(0);
    expect(p.publisher.on('submissions')).toHaveLength(1);
  });

  it('an insert that got no answer may have stored the job: its creation stays owed for the sweeper', async () => {
    const p = ports();
    const job = newJob();
    const insert = p.jobs.insert.bind(p.jobs);
    // The row is written, then the answer is lost (a coordinator's timeout after the replicas applied it).
    p.jobs.insert = async (record) => {
      await insert(record);
      throw new Error('write timeout');
    };
    const failure = await p.writer.create(job).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CreationIncompleteError);
    expect(p.jobs.outbox.size).toBe(1);
    expect(await p.writer.sweep(later())).toBe(1);
    expect(p.publisher.on('submissions')).toEqual([expect.objectContaining({ job_id: job.job_id })]);
  });

  it('a retry of a creation that completed owes nothing and sends nothing', async () => {
    const p = ports();
    const job = newJob();
    await p.writer.create(job);
    const sent = p.publisher.sent.length;
    expect(await p.writer.create(job)).toBe('existing');
    expect(p.publisher.sent.length).toBe(sent);
  });
});

describe('a change a client asked for, whose side effects fail once it is stored', () => {
  it("is done, its effects owed to the sweeper; a processor's change fails instead", async () => {
    const p = ports();
    const job = newJob();
    await p.writer.create(job);
    const ready = () => transcribed();
    const publish = p.publisher.publish;
    p.publisher.publish = (() => Promise.reject(new Error('broker down'))) as typeof publish;
    await expect(p.writer.change(job.job_id, ready)).rejects.toThrow('broker down');

    const other = ports();
    await other.writer.create(job);
    other.publisher.publish = p.publisher.publish;
    const outcome = await other.writer.change(job.job_id, ready, undefined, { effectsMayWait: true });
    expect(outcome).toMatchObject({ changed: true, job: { lifecycle: { stage: 'aligning' } } });
    expect(other.jobs.outbox.size).toBe(1);
    other.publisher.publish = MemoryPublisher.prototype.publish.bind(other.publisher) as typeof publish;
    expect(await other.writer.sweep(later())).toBe(1);
    expect(other.publisher.on('stageResults')).toHaveLength(1);
    expect(other.jobs.outbox.size).toBe(0);
  });
});

describe('what each transition owes', () => {
  async function created(fields: Record<string, unknown> = {}) {
    const p = ports();
    const job = newJob(fields);
    await p.writer.create(job);
    p.publisher.sent.length = 0;
    return { p, job };
  }

  it('transcription claimed: the 10-minute allowance timer', async () => {
    const { p, job } = await created();
    const at = new Date();
    await p.writer.change(job.job_id, () => ({ patch: { transcription_attempt: 1, transcription_started_at: at } }));
    expect(p.timers.scheduled).toEqual([
      { job_id: job.job_id, kind: 'transcription_allowance', due_at: new Date(+at + TRANSCRIPTION_ALLOWANCE_MS) },
    ]);
  });

  it('a claim no client can see: updated_at kept, no feed row or change record, its timer still owed through the outbox', async () => {
    const { p, job } = await created();
    const rowsBefore = [...p.feed.rows];
    const outboxWrites: number[] = [];
    const addOutbox = p.jobs.addOutbox.bind(p.jobs);
    p.jobs.addOutbox = (jobId, version, effects, previous) => {
      outboxWrites.push(version);
      return addOutbox(jobId, version, effects, previous);
    };
    const claimed = await p.writer.change(job.job_id, () => ({
      patch: { transcription_attempt: 1, transcription_started_at: new Date() },
    }));
    expect(claimed?.job.version).toBe(job.version + 1);
    expect(claimed?.job.updated_at).toEqual(job.updated_at);
    expect(p.feed.rows).toEqual(rowsBefore);
    expect(p.publisher.on('jobChanges')).toEqual([]);
    expect(p.timers.scheduled).toHaveLength(1);
    expect(outboxWrites).toEqual([job.version + 1]);
    expect(p.jobs.outbox.size).toBe(0);

    // Storing the fetched audio owes nothing at all: not even an outbox entry.
    await p.writer.change(job.job_id, () => ({ patch: { audio_key: 'audio/k', audio_format: 'mp3' } }));
    expect(outboxWrites).toEqual([job.version + 1]);
    expect(p.publisher.on('jobChanges')).toEqual([]);

    // The next change clients see moves the row the job has had since its creation.
    const ready = await p.writer.change(job.job_id, () => transcribed());
    expect(p.feed.current.filter((r) => r.job_id === job.job_id).map((r) => +r.updated_at)).toEqual([
      +ready!.job.updated_at,
    ]);
    expect(p.publisher.on('jobChanges').map((r) => r.version)).toEqual([job.version + 3]);
  });

  it('transcript ready with alignment requested: the alignment stage is queued and the duration counted', async () => {
    const { p, job } = await created();
    const outcome = await p.writer.change(job.job_id, () => transcribed());
    expect(outcome?.job.lifecycle.stage).toBe('aligning');
    expect(p.publisher.on('stageResults')).toEqual([
      expect.objectContaining({ job_id: job.job_id, next_stage: 'alignment', completed_stage: 'transcription' }),
    ]);
    expect(p.usage.totals.get('org_unit:duration_ms')).toBe(12_500);
    expect(p.publisher.on('jobEvents')).toEqual([]);
  });

  it('transcript ready without alignment: job.complete, and no completed count (no timings)', async () => {
    const { p, job } = await created({ align: false });
    await p.writer.change(job.job_id, () => transcribed());
    expect(p.publisher.on('jobEvents').map((e) => e.event)).toEqual(['job.complete']);
    expect(p.usage.totals.get('org_unit:completed_jobs')).toBeUndefined();
  });

  it('alignment finished: job.complete, the completed count, and job.degraded when part fell back', async () => {
    const { p, job } = await created();
    await p.writer.change(job.job_id, () => transcribed());
    await p.writer.change(job.job_id, () => ({
      patch: {
        alignment: { method: 'whisper-forced-alignment', flagged_lines: 0 } as JobRecord['alignment'],
        degraded: [{ component: 'second_opinion', reason: 'did not run' }],
      },
      event: { type: 'alignment_finished', at: new Date() },
    }));
    expect(p.publisher.on('jobEvents').map((e) => e.event)).toEqual(['job.complete', 'job.degraded']);
    expect(p.usage.totals.get('org_unit:completed_jobs')).toBe(1);
  });

  it('a recorded failure: job.failed', async () => {
    const { p, job } = await created();
    await p.writer.change(job.job_id, () => ({
      event: {
        type: 'failure_recorded',
        stage: 'transcription',
        message: 'The audio contains no sound.',
        at: new Date(),
      },
    }));
    expect(p.publisher.on('jobEvents').map((e) => e.event)).toEqual(['job.failed']);
  });

  it('the transcript gate opens: a review link, job.awaiting_review, and the 8-day timer', async () => {
    const { p, job } = await created({ review: true, review_stage: 'transcript' });
    const at = new Date();
    const outcome = await p.writer.change(job.job_id, () => transcribed(at));
    expect(outcome?.job.lifecycle.stage).toBe('awaiting_review');
    expect(outcome?.job.review_token_sha256).toEqual(expect.any(String));
    expect(p.publisher.on('jobEvents').map((e) => e.event)).toEqual(['job.awaiting_review']);
    expect(p.timers.scheduled).toContainEqual({
      job_id: job.job_id,
      kind: 'review_expiry',
      due_at: new Date(+at + TRANSCRIPT_REVIEW_WAIT_MS),
    });
  });

  it('a stale decision is nothing to do: a change decided on old state is redecided, never applied twice', async () => {
    const { p, job } = await created();
    let decisions = 0;
    await p.writer.change(job.job_id, (j) => {
      decisions++;
      return j.lifecycle.stage === 'transcribing' ? transcribed() : null;
    });
    const again = await p.writer.change(job.job_id, (j) =>
      j.lifecycle.stage === 'transcribing' ? transcribed() : null,
    );
    expect(again?.changed).toBe(false);
    expect(decisions).toBe(1);
    expect(p.publisher.on('stageResults')).toHaveLength(1);
  });
});

describe('a change from a job the caller already holds', () => {
  async function created() {
    const p = ports();
    const job = newJob();
    await p.writer.create(job);
    let reads = 0;
    const get = p.jobs.get.bind(p.jobs);
    p.jobs.get = (id) => {
      reads++;
      return get(id);
    };
    return { p, job, reads: () => reads };
  }
  const claim = (j: JobRecord) =>
    j.lifecycle.stage === 'transcribing' ? { patch: { transcription_attempt: j.transcription_attempt + 1 } } : null;

  it('still current: one conditional write and no read', async () => {
    const { p, job, reads } = await created();
    const out = await p.writer.change(job.job_id, claim, job);
    expect(out?.changed).toBe(true);
    expect(reads()).toBe(0);
    expect(p.jobs.rows.get(job.job_id)?.transcription_attempt).toBe(1);
  });

  it('moved on since: the conditional write fails, the job is read and decided again, applied once', async () => {
    const { p, job, reads } = await created();
    await p.writer.change(job.job_id, claim);
    const out = await p.writer.change(job.job_id, claim, job);
    expect(out?.job.transcription_attempt).toBe(2);
    expect(reads()).toBe(2);
    expect(p.jobs.rows.get(job.job_id)?.version).toBe(job.version + 2);
  });

  it('"nothing to do" or a refused transition on the held job is checked against the stored one', async () => {
    const { p, job } = await created();
    await p.writer.change(job.job_id, () => transcribed());
    // The held job is still transcribing, where alignment cannot finish; the stored one is aligning.
    const finished = await p.writer.change(
      job.job_id,
      () => ({ event: { type: 'alignment_finished', at: new Date() } }),
      job,
    );
    expect(finished?.job.lifecycle.status).toBe('complete');
    const touched = await p.writer.change(
      job.job_id,
      (j) => (j.lifecycle.stage === 'transcribing' ? null : { patch: {} }),
      job,
    );
    expect(touched?.changed).toBe(true);
  });
});

describe('a crash between any two steps of a change, then a sweep', () => {
  /** How many port calls a clean transcript_ready change makes (after the creation). */
  async function stepsOfChange(): Promise<{ before: number; total: number }> {
    const p = ports();
    const job = newJob();
    await p.writer.create(job);
    const before = p.calls();
    await p.writer.change(job.job_id, () => transcribed());
    return { before, total: p.calls() };
  }

  it('every step: nothing owed is lost and nothing is applied twice', async () => {
    const { before, total } = await stepsOfChange();
    expect(total - before).toBeGreaterThan(5);
    for (let step = before + 1; step <= total; step++) {
      const p = ports(step);
      const job = newJob();
      await p.writer.create(job);
      const crashed = await p.writer
        .change(job.job_id, () => transcribed())
        .then(
          () => false,
          () => true,
        );
      expect(crashed, `step ${step}`).toBe(true);
      await p.sweeper.sweep(later());

      const stored = p.jobs.rows.get(job.job_id)!;
      expect(p.jobs.outbox.size, `step ${step}: outbox`).toBe(0);
      if (stored.lifecycle.stage === 'aligning') {
        // The change landed: what it owed was done, each effect's result counted once.
        expect(p.publisher.on('stageResults').length, `step ${step}: alignment queued`).toBeGreaterThanOrEqual(1);
        expect(p.usage.totals.get('org_unit:duration_ms'), `step ${step}: duration once`).toBe(12_500);
        // The feed lists the job once, at its current position: the sweep drops a row the crash left behind.
        const positions = p.feed.current.filter((r) => r.job_id === job.job_id).map((r) => +r.updated_at);
        expect(positions, `step ${step}: feed`).toEqual([+stored.updated_at]);
        expect(p.publisher.on('jobChanges').at(-1)?.version).toBe(stored.version);
      } else {
        // The change never landed: nothing of it happened.
        expect(stored.lifecycle.stage, `step ${step}`).toBe('transcribing');
        expect(p.publisher.on('stageResults'), `step ${step}`).toEqual([]);
        expect(p.usage.totals.get('org_unit:duration_ms'), `step ${step}`).toBeUndefined();
      }
    }
  });

  it('a crash at every step of an unseen claim: after the sweep its timer is owed or the claim never landed', async () => {
    const claim = () => ({ patch: { transcription_attempt: 1, transcription_started_at: new Date() } });
    const clean = ports();
    const cleanJob = newJob();
    await clean.writer.create(cleanJob);
    const before = clean.calls();
    await clean.writer.change(cleanJob.job_id, claim);
    for (let step = before + 1; step <= clean.calls(); step++) {
      const p = ports(step);
      const job = newJob();
      await p.writer.create(job);
      await p.writer.change(job.job_id, claim).catch(() => undefined);
      await p.sweeper.sweep(later());
      const stored = p.jobs.rows.get(job.job_id)!;
      expect(p.jobs.outbox.size, `step ${step}: outbox`).toBe(0);
      const timers = p.timers.scheduled.filter((t) => t.kind === 'transcription_allowance');
      expect(timers.length > 0, `step ${step}: timer`).toBe(stored.transcription_attempt === 1);
    }
  });

  it('a crash at every step of a creation: after the sweep the job is published and counted once, or does not exist', async () => {
    const clean = ports();
    await clean.writer.create(newJob());
    for (let step = 1; step <= clean.calls(); step++) {
      const p = ports(step);
      const job = newJob();
      await p.writer.create(job).catch(() => undefined);
      await p.sweeper.sweep(later());
      expect(p.jobs.outbox.size, `step ${step}: outbox`).toBe(0);
      if (p.jobs.rows.has(job.job_id)) {
        expect(p.publisher.on('submissions').length, `step ${step}: submitted`).toBeGreaterThanOrEqual(1);
        expect(p.usage.totals.get('org_unit:total_jobs'), `step ${step}: counted once`).toBe(1);
      } else {
        expect(p.publisher.on('submissions'), `step ${step}`).toEqual([]);
      }
    }
  });
});

describe('several sweepers', () => {
  it('redo a stale entry once between them: one re-stamp, one run of its effects', async () => {
    const p = ports();
    const job = newJob();
    await p.writer.create(job);
    // A change whose effects a crash left undone: the row moved, the outbox still names the effects.
    const stored = p.jobs.rows.get(job.job_id)!;
    const moved = { ...stored, version: 2, updated_at: new Date(+stored.updated_at + 1) };
    await p.jobs.addOutbox(job.job_id, 2, ['queue_alignment'], { updated_at: stored.updated_at, status: 'processing' });
    await p.jobs.replace(moved, 1);
    p.publisher.sent.length = 0;

    const second = new JobWriter({ config: { reviewSecret: 'unit' }, logger: { warn: () => {} }, ...p });
    const redone = await Promise.all([p.sweeper.sweep(later()), second.sweep(later())]);
    expect(redone.reduce((a, b) => a + b)).toBe(1);
    expect(p.jobs.rows.get(job.job_id)!.version).toBe(3);
    expect(p.publisher.on('stageResults')).toHaveLength(1);
    expect(p.jobs.outbox.size).toBe(0);
    // The feed row the crashed change left at its old position is gone: the job is listed once, as it is now.
    const rows = p.feed.current.filter((r) => r.job_id === job.job_id);
    expect(rows.map((r) => r.summary()?.version)).toEqual([3]);
  });
});

describe('batch completion', () => {
  async function batchOf(n: number) {
    const p = ports();
    const batchId = newUuid();
    const jobs = Array.from({ length: n }, () => newJob({ align: false }, batchId));
    await p.batches.insert({
      batch_id: batchId,
      org_id: 'org_unit',
      job_ids: jobs.map((j) => j.job_id),
      webhook_url: null,
      key_id: null,
      created_at: new Date(),
      completed_at: null,
      complete_event_sent: false,
    });
    for (const job of jobs) await p.writer.create(job);
    return { p, batchId, jobs };
  }
  const batchEvents = (p: ReturnType<typeof ports>) =>
    p.publisher.on('jobEvents').filter((e) => e.event === 'batch.complete');

  it('batch.complete once every job is terminal, once, however often a last change is redone', async () => {
    const { p, batchId, jobs } = await batchOf(2);
    await p.writer.change(jobs[0]!.job_id, () => transcribed());
    expect(batchEvents(p)).toEqual([]);
    await p.writer.change(jobs[1]!.job_id, () => ({
      event: { type: 'failure_recorded', stage: 'transcription', message: 'No audio.', at: new Date() },
    }));
    expect(batchEvents(p)).toEqual([
      expect.objectContaining({ batch_id: batchId, event_id: `evt_${batchId}_batch.complete` }),
    ]);
    expect((await p.batches.get(batchId))?.complete_event_sent).toBe(true);
    const last = p.jobs.rows.get(jobs[1]!.job_id)!;
    await p.jobs.addOutbox(last.job_id, last.version, ['check_batch'], null);
    await p.writer.sweep(new Date(Date.now() + OUTBOX_STALE_MS + 60_000));
    expect(batchEvents(p)).toHaveLength(1);
  });
});

/**
 * The stage skeleton both pipeline processors run on (processors/stage.ts), on in-memory ports: who
 * a message may act on, the claim, a permanent engine failure recorded on the job, a passing one
 * left to the retry, and the per-job lease.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../core/jobs/job.ts';
import { EngineError } from '../../../core/ports/engine.ts';
import { lockName } from '../../../core/ports/locks.ts';
import { NotDueError, PoisonMessageError } from '../../../processors/runtime.ts';
import { type Stage, stageProcessor } from '../../../processors/stage.ts';
import { memoryJobWriter } from '../../doubles/job-ports.ts';
import { MemoryLocks } from '../../doubles/locks.ts';
import { unitJobRecord } from '../../support/jobs.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
const ctx = { topic: 'submissions' as const, key: null, partition: 0, offset: '0', log: silent as never };

function setUp(work: Stage<'submissions'>['work']) {
  const ports = memoryJobWriter();
  const locks = new MemoryLocks();
  const seen: JobRecord[] = [];
  const processor = stageProcessor(
    { jobs: ports.jobs, writer: ports.writer, locks },
    {
      name: 'transcription',
      jobStage: 'transcribing',
      topics: ['submissions'],
      claim: (j) => ({ transcription_attempt: j.transcription_attempt + 1 }),
      async work(job, language, tools) {
        seen.push(job);
        await work(job, language, tools);
      },
    },
  );
  const handle = (job: JobRecord) =>
    processor.handle({ job_id: job.job_id, org_id: job.org_id } as never, ctx as never);
  return { ...ports, locks, seen, handle };
}

describe('a pipeline stage', () => {
  it('claims a job at its stage and works on the claimed row', async () => {
    const s = setUp(async () => {});
    const job = unitJobRecord();
    await s.jobs.insert(job);
    await s.handle(job);
    expect(s.seen.map((j) => j.transcription_attempt)).toEqual([1]);
    expect((await s.jobs.get(job.job_id))?.transcription_attempt).toBe(1);
  });

  it('treats a message for another organisation’s job as poison, and skips a job past its stage', async () => {
    const s = setUp(async () => {});
    const job = unitJobRecord();
    await s.jobs.insert(job);
    await expect(s.handle({ ...job, org_id: 'org_other' })).rejects.toBeInstanceOf(PoisonMessageError);
    const done = {
      ...job,
      job_id: randomUUID(),
      lifecycle: { ...job.lifecycle, stage: 'done' as const, status: 'complete' as const },
    };
    await s.jobs.insert(done);
    await s.handle(done);
    expect(s.seen).toEqual([]);
  });

  it('records a permanent engine failure on the job, and leaves a passing one to the retry', async () => {
    const permanent = setUp(async () => {
      throw new EngineError('bad audio', { retriable: false, publicMessage: 'The audio could not be decoded.' });
    });
    const job = unitJobRecord();
    await permanent.jobs.insert(job);
    await permanent.handle(job);
    const failed = await permanent.jobs.get(job.job_id);
    expect(failed?.lifecycle).toMatchObject({ status: 'failed' });
    expect(failed?.lifecycle.error?.message).toBe('The audio could not be decoded.');

    const passing = setUp(async () => {
      throw new EngineError('busy', { retriable: true, publicMessage: 'The speech engine is busy.' });
    });
    await passing.jobs.insert(job);
    await expect(passing.handle(job)).rejects.toBeInstanceOf(EngineError);
    expect((await passing.jobs.get(job.job_id))?.lifecycle.status).toBe('processing');
  });

  it('finishes what a member that died after moving the job on still owed, and only that', async () => {
    const s = setUp(async () => {});
    const job = unitJobRecord();
    await s.jobs.insert(job);
    // The member's write landed (the job is aligning), it died before publishing the stage result.
    const moved = {
      ...job,
      version: job.version + 1,
      lifecycle: { ...job.lifecycle, stage: 'aligning' as const },
    };
    await s.jobs.addOutbox(job.job_id, moved.version, ['queue_alignment'], null);
    await s.jobs.replace(moved, job.version);
    await s.handle(job);
    expect(s.seen).toEqual([]);
    expect(s.publisher.on('stageResults').map((m) => m.job_id)).toEqual([job.job_id]);
    expect(await s.jobs.outboxEntry(job.job_id, moved.version)).toBeNull();
    // Redelivered again, nothing is owed any more: nothing is published twice.
    await s.handle(job);
    expect(s.publisher.on('stageResults')).toHaveLength(1);
  });

  it('waits while another member holds the job’s stage', async () => {
    const s = setUp(async () => {});
    const job = unitJobRecord();
    await s.jobs.insert(job);
    await s.locks.acquire(lockName.stage('transcription', job.job_id));
    await expect(s.handle(job)).rejects.toBeInstanceOf(NotDueError);
    expect(s.seen).toEqual([]);
  });
});

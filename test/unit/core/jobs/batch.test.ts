import { describe, expect, it } from 'vitest';
import { batchProgress, finishedBatchStatus } from '../../../../core/jobs/batch.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { unitJobRecord } from '../../../support/jobs.ts';

type Where = 'queued' | 'started' | 'complete' | 'failed';

function jobAt(where: Where): JobRecord {
  const job = unitJobRecord();
  if (where === 'queued') return job;
  if (where === 'started') return { ...job, transcription_attempt: 1 };
  const status = where === 'complete' ? 'complete' : 'failed';
  return { ...job, lifecycle: { ...job.lifecycle, status, stage: where === 'complete' ? 'done' : 'failed' } };
}

const jobs = (...where: Where[]) => where.map(jobAt);

describe('a batch’s status, from its jobs (spec, GET /batch/{id})', () => {
  it('is queued until one of its jobs has started', () => {
    expect(batchProgress(2, jobs('queued', 'queued'))).toEqual({
      status: 'queued',
      completed: 0,
      failed: 0,
      pending: 2,
    });
  });

  it('is in progress while any job is not terminal', () => {
    expect(batchProgress(3, jobs('started', 'queued', 'complete')).status).toBe('in_progress');
  });

  it('counts a job not yet stored as pending', () => {
    expect(batchProgress(3, jobs('complete', 'complete'))).toEqual({
      status: 'in_progress',
      completed: 2,
      failed: 0,
      pending: 1,
    });
  });

  it('is complete when every job completed, partial when any failed', () => {
    expect(batchProgress(2, jobs('complete', 'complete')).status).toBe('complete');
    expect(batchProgress(2, jobs('complete', 'failed')).status).toBe('partial');
    expect(finishedBatchStatus(jobs('complete', 'complete'))).toBe('complete');
    expect(finishedBatchStatus(jobs('failed', 'complete'))).toBe('partial');
  });
});

/**
 * Approving a job held for review (POST /jobs/{id}/approve, the review page, the studio) on in-memory
 * ports: who may approve, what an approval at the transcript gate releases, edits romanised again by
 * the engine, a race with another approval, and a failed write that approves nothing.
 */
import { describe, expect, it } from 'vitest';
import { approveJob } from '../../../../core/app/approve-job.ts';
import { ApiError } from '../../../../core/errors.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import type { JobStore } from '../../../../core/ports/jobs.ts';
import { FakeEngine } from '../../../doubles/engine.ts';
import { MemoryJobStore, memoryJobWriter } from '../../../doubles/job-ports.ts';
import { unitJobRecord } from '../../../support/jobs.ts';
import { untimedLine } from '../../../support/lyrics.ts';

function services(jobs?: JobStore) {
  const { writer, publisher, jobs: store } = memoryJobWriter(jobs);
  return { jobs: store, writer, publisher, engine: new FakeEngine(), lexicons: { forLanguage: () => null } };
}

/** A job held at the transcript gate with two lines. */
function heldAtTranscript(fields: Partial<JobRecord> = {}): JobRecord {
  const job = unitJobRecord({ align: true, review: true, review_stage: 'transcript' });
  return {
    ...job,
    lines: [untimedLine('first line'), untimedLine('second line')],
    results: { transcript: 'first line\nsecond line', transliteration: '', translation: '', cultural_notes: null },
    lifecycle: {
      ...job.lifecycle,
      stage: 'awaiting_review',
      review_gate: 'transcript',
      review_gate_at: new Date(),
      transcript_completed_at: new Date(),
    },
    ...fields,
  } as JobRecord;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

describe('approving a job held for review', () => {
  it('refuses a job that is not waiting for review', async () => {
    const s = services();
    const job = unitJobRecord();
    await s.jobs.insert(job);
    expect(await codeOf(approveJob(s, job, {}, 'api'))).toBe('APR_001');
  });

  it('leaves a link-only review to the review page', async () => {
    const s = services();
    const job = heldAtTranscript({ review_delivery: 'link' });
    await s.jobs.insert(job);
    expect(await codeOf(approveJob(s, job, {}, 'api'))).toBe('APR_003');
    expect(await approveJob(s, job, {}, 'page')).toMatchObject({ status: 'approved' });
  });

  it('releases a transcript-gate job to alignment, once: an approval sent again is answered as done', async () => {
    const s = services();
    const job = heldAtTranscript();
    await s.jobs.insert(job);
    const answer = await approveJob(s, job, {}, 'api');
    expect(answer).toMatchObject({ status: 'approved', stage: 'transcript', lines_edited: 0, aligning: true });
    const after = (await s.jobs.get(job.job_id))!;
    expect(after.lifecycle).toMatchObject({ stage: 'aligning', review_gate: null });
    expect(after.lifecycle.review_approved_at).not.toBeNull();
    expect(s.publisher.sent.filter((m) => m.topic === 'stageResults')).toHaveLength(1);

    const again = await approveJob(s, after, {}, 'api');
    expect(again).toMatchObject({ already_approved: true });
    expect(s.publisher.sent.filter((m) => m.topic === 'stageResults')).toHaveLength(1);
  });

  it('saves edited lines with the engine’s romanisation of each edited line', async () => {
    const s = services();
    const job = heldAtTranscript();
    await s.jobs.insert(job);
    const answer = await approveJob(s, job, { lines: ['first line', 'the second line, corrected'] }, 'api');
    expect(answer).toMatchObject({ lines_edited: 1, transliteration_lines_edited: 0 });
    const after = (await s.jobs.get(job.job_id))!;
    expect(after.lines?.map((l) => l.text)).toEqual(['first line', 'the second line, corrected']);
    expect(after.lines?.[1]?.transliteration).toBe('THE SECOND LINE, CORRECTED');
    expect(after.results?.transcript).toBe('first line\nthe second line, corrected');
  });

  it('decides again on fresh state when another approval won the race', async () => {
    const s = services();
    const job = heldAtTranscript();
    await s.jobs.insert(job);
    await approveJob(s, job, {}, 'page');
    // The caller still holds the job as it was before the other approval.
    expect(await approveJob(s, job, { lines: ['changed', 'lines'] }, 'api')).toMatchObject({ already_approved: true });
    expect((await s.jobs.get(job.job_id))!.lines?.[0]?.text).toBe('first line');
  });

  it('approves nothing when the write fails (APR_004)', async () => {
    const jobs = new MemoryJobStore();
    const failing: JobStore = new Proxy(jobs, {
      get(target, prop, receiver) {
        if (prop === 'replace') return () => Promise.reject(new Error('store down'));
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const s = services(failing);
    const job = heldAtTranscript();
    await jobs.insert(job);
    expect(await codeOf(approveJob(s, job, {}, 'api'))).toBe('APR_004');
    expect(await jobs.get(job.job_id)).toEqual(job);
  });
});

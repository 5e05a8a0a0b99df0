import { describe, expect, it } from 'vitest';
import { changeRecord } from '../../../../core/app/job-effects.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { presentBatchJob, presentJob, presentListRow } from '../../../../core/jobs/present.ts';
import { summaryOf } from '../../../../core/jobs/summary.ts';
import { isUnseenChange, UNSEEN_FIELDS } from '../../../../core/jobs/unseen-changes.ts';
import { unitJobRecord } from '../../../support/jobs.ts';

const ctx = { baseUrl: 'https://verse.example', reviewSecret: 'secret', endUser: null };

/** A value of the field unlike the one the job holds. */
function another(job: JobRecord, field: (typeof UNSEEN_FIELDS)[number]): unknown {
  const value = job[field];
  if (typeof value === 'number') return value + 1;
  if (value instanceof Date || field.endsWith('_at')) return new Date(Date.UTC(2020, 0, 1));
  return `${String(value)}-changed`;
}

/** Everything a client can be shown of a job, without the bookkeeping every change moves. */
function whatClientsSee(job: JobRecord) {
  const { version: _v, ...record } = changeRecord(job);
  const { version: _s, ...summary } = summaryOf(job);
  return {
    job: presentJob(job, ctx),
    row: presentListRow(summaryOf(job), ctx),
    batch: presentBatchJob(job, ctx),
    summary,
    record,
  };
}

describe('changes no client can see', () => {
  for (const field of UNSEEN_FIELDS) {
    it(`${field}: shows nowhere a client looks, so changing it alone is unseen`, () => {
      const prev = unitJobRecord();
      const next = { ...prev, [field]: another(prev, field), version: prev.version + 1 };
      expect(whatClientsSee(next)).toEqual(whatClientsSee(prev));
      expect(isUnseenChange(prev, next)).toBe(true);
    });
  }

  it('a claim (attempt and start time) is unseen', () => {
    const prev = unitJobRecord();
    const next = { ...prev, transcription_attempt: 1, transcription_started_at: new Date(), version: 2 };
    expect(isUnseenChange(prev, next)).toBe(true);
  });

  it('any other field changed with them makes the change seen', () => {
    const prev = unitJobRecord();
    const next = { ...prev, transcription_attempt: 1, duration_seconds: 12, version: 2 };
    expect(isUnseenChange(prev, next)).toBe(false);
    expect(whatClientsSee(next)).not.toEqual(whatClientsSee(prev));
  });

  it('a change of nothing (the sweeper re-stamping a job) is seen', () => {
    const prev = unitJobRecord();
    expect(isUnseenChange(prev, { ...prev, version: 2 })).toBe(false);
  });

  it('a new lifecycle is seen, even with equal contents', () => {
    const prev = unitJobRecord();
    expect(isUnseenChange(prev, { ...prev, lifecycle: { ...prev.lifecycle }, audio_key: 'k', version: 2 })).toBe(false);
  });
});

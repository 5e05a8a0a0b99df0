/** Feed rows carry the job's summary as JSON: it reads back with its dates, and a bad one is no summary. */

import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../../core/jobs/summary.ts';
import { encodeSummary, readSummary } from '../../../sinks/cassandra/feed.ts';
import { unitJobRecord } from '../../support/jobs.ts';

const createTestJobRecord = () => unitJobRecord({ language: 'French' });

describe('feed row summaries', () => {
  it('read back equal, dates as dates', () => {
    const summary = summaryOf(createTestJobRecord());
    const back = readSummary(encodeSummary(summary))!;
    expect(back).toEqual(summary);
    expect(back.updated_at).toBeInstanceOf(Date);
  });
  it('a failed job that went through review reads back with every date as a date', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, s));
    const job = createTestJobRecord();
    job.lifecycle = {
      ...job.lifecycle,
      status: 'failed',
      stage: 'failed',
      review_gate_at: at(1),
      review_approved_at: at(2),
      transcript_completed_at: at(3),
      completed_at: at(4),
      error: { stage: 'alignment', message: 'The engine gave up', failed_at: at(5) },
    };
    const summary = summaryOf(job);
    const back = readSummary(encodeSummary(summary))!;
    expect(back).toEqual(summary);
    expect(back.lifecycle.error?.failed_at).toBeInstanceOf(Date);
    expect(back.lifecycle.review_gate_at).toBeInstanceOf(Date);
  });
  it('a missing or unreadable summary is null, so the reader reads the job instead', () => {
    expect(readSummary(null)).toBeNull();
    expect(readSummary('{"job_id": "cut off')).toBeNull();
  });
});

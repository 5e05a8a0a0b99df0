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
  it('a missing or unreadable summary is null, so the reader reads the job instead', () => {
    expect(readSummary(null)).toBeNull();
    expect(readSummary('{"job_id": "cut off')).toBeNull();
  });
});

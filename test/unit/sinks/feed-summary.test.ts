/** Feed rows carry the job's summary as JSON: it reads back with its dates, and a bad one is no summary. */
import { describe, expect, it } from 'vitest';
import { newUuid } from '../../../core/ids.ts';
import { parseSubmission } from '../../../core/jobs/submission.ts';
import { summaryOf } from '../../../core/jobs/summary.ts';
import { newJobRecord } from '../../../gateway/jobs/create.ts';
import { encodeSummary, readSummary } from '../../../sinks/cassandra/feed.ts';

function createTestJobRecord() {
  const input = parseSubmission({ language: 'French', audio_url: 'https://cdn.example/a.mp3' }, 'json');
  return newJobRecord(
    newUuid(),
    { org_id: 'org_unit', key_id: null },
    { input, audio: { source: 'url', url: input.audio_url! } },
    null,
    null,
    new Date(),
  );
}

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

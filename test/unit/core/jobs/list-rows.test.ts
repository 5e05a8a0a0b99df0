import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { newJobRecord } from '../../../../core/app/create-jobs.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { listRowRendering } from '../../../../core/jobs/list-rows.ts';
import { presentListRow } from '../../../../core/jobs/present.ts';
import { parseSubmission } from '../../../../core/jobs/submission.ts';
import { type JobSummary, summaryOf } from '../../../../core/jobs/summary.ts';
import { apiSchemas } from '../../../../schemas/catalog.ts';

const at = new Date('2026-02-01T10:00:00.000Z');
const presentation = { baseUrl: 'https://verse.example.com', reviewSecret: 'a-review-secret-of-enough-length-0001' };

/** A new job's summary: review on when asked, with an end user, and any fields changed after. */
function summary(fields: Partial<JobRecord> = {}, review = false): JobSummary {
  const input = parseSubmission(
    { language: 'Tamil', audio_url: 'https://cdn.example.com/a.mp3', external_id: 'cat-1', review },
    'json',
  );
  const job = newJobRecord(
    '22222222-2222-4222-8222-222222222222',
    { org_id: 'org_a', key_id: null },
    { input, audio: { source: 'url', url: input.audio_url! } },
    { id: 'eu_1', external_id: 'listener-1' },
    null,
    at,
  );
  return summaryOf({ ...job, ...fields });
}

describe('list rows rendered for storage', () => {
  it('stores exactly the row GET /jobs presents, end user included', () => {
    const rendering = listRowRendering(presentation);
    const job = summary();
    const stored = rendering.forStorage(job);
    expect(JSON.parse(stored)).toEqual(
      presentListRow(job, { ...presentation, endUser: { id: 'eu_1', external_id: 'listener-1' } }),
    );
    expect(JSON.parse(stored).end_user).toEqual({ id: 'eu_1', external_id: 'listener-1' });
  });

  it('stores a review link without its token, and serving the row puts the token back', () => {
    const rendering = listRowRendering(presentation);
    const linked = summary({ review_nonce: 'nonce-1' }, true);
    const link = rendering.present(linked).review_url!;
    const token = new URL(link).searchParams.get('token')!;
    const stored = rendering.forStorage(linked);
    expect(stored).not.toContain(token);
    expect(stored).toContain('nonce-1');
    const served = rendering.serve({ json: stored, key: rendering.key }, linked.job_id);
    expect(JSON.parse(served!)).toEqual(JSON.parse(JSON.stringify(rendering.present(linked))));
    // A row rendered under another presentation is not served as stored.
    expect(rendering.serve({ json: stored, key: 'another-key' }, linked.job_id)).toBeNull();
  });

  it("no text of the row can pass for the token's place", () => {
    const rendering = listRowRendering(presentation);
    for (const external of ['\u0000abc\u0000', '{{review-token:abc}}']) {
      const job = summary({ external_id: external, review_nonce: 'nonce-3' }, true);
      const served = rendering.serve({ json: rendering.forStorage(job), key: rendering.key }, job.job_id)!;
      expect(JSON.parse(served).external_id).toBe(external);
      expect(JSON.parse(served).review_url).toBe(rendering.present(job).review_url);
    }
  });

  it('names its presentation: another base URL or review secret is another key, the same is the same', () => {
    const key = listRowRendering(presentation).key;
    expect(listRowRendering({ ...presentation }).key).toBe(key);
    expect(listRowRendering({ ...presentation, baseUrl: 'https://lyrics.example.org' }).key).not.toBe(key);
    expect(listRowRendering({ ...presentation, reviewSecret: 'another-review-secret-of-enough-len' }).key).not.toBe(
      key,
    );
    expect(key).not.toContain(presentation.reviewSecret);
  });

  it('serves stored rows that match the documented list row, in every state', () => {
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    for (const schema of apiSchemas) ajv.addSchema(schema as object);
    const rendering = listRowRendering(presentation);
    const failed = summary();
    failed.lifecycle = {
      ...failed.lifecycle,
      status: 'failed',
      stage: 'failed',
      error: { stage: 'transcription', message: 'The audio could not be decoded', failed_at: at },
    };
    const complete = summary({
      second_opinion: null,
      alignment: { method: 'whisper-forced', flagged_lines: 2 } as never,
    });
    complete.lifecycle = { ...complete.lifecycle, status: 'complete', stage: 'done', completed_at: at };
    for (const job of [summary(), summary({}, true), summary({ review_nonce: 'nonce-2' }, true), failed, complete]) {
      const row = JSON.parse(rendering.serve({ json: rendering.forStorage(job), key: rendering.key }, job.job_id)!);
      expect(ajv.validate('job-list-row.json', row), JSON.stringify(ajv.errors)).toBe(true);
    }
  });
});

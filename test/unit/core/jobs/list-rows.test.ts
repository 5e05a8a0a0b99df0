import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { initialLifecycle } from '../../../../core/jobs/lifecycle.ts';
import { listRowRendering } from '../../../../core/jobs/list-rows.ts';
import { presentListRow } from '../../../../core/jobs/present.ts';
import { type JobSummary, summaryOf } from '../../../../core/jobs/summary.ts';

const at = new Date('2026-02-01T10:00:00.000Z');
const presentation = { baseUrl: 'https://verse.example.com', reviewSecret: 'a-review-secret-of-enough-length-0001' };

function summary(fields: Partial<JobRecord> = {}, review = false): JobSummary {
  return summaryOf({
    job_id: '22222222-2222-4222-8222-222222222222',
    org_id: 'org_a',
    version: 3,
    lifecycle: initialLifecycle({ align: true, review, review_stage: review ? 'aligned' : null }),
    language: 'Tamil',
    word_align_requested: false,
    review_delivery: review ? 'both' : null,
    external_id: 'cat-1',
    isrc: null,
    batch_id: null,
    end_user_id: 'eu_1',
    end_user_external_id: 'listener-1',
    key_id: null,
    review_nonce: null,
    review_token_sha256: null,
    webhook_url: null,
    audio_source: 'url',
    audio_url: 'https://cdn.example.com/a.mp3',
    audio_key: 'audio/a',
    audio_format: 'mp3',
    original_filename: 'a.mp3',
    created_at: at,
    updated_at: at,
    duration_seconds: null,
    transcription_attempt: 0,
    transcription_started_at: null,
    alignment_attempt: 0,
    alignment_started_at: null,
    results: null,
    lines: null,
    second_opinion: null,
    alignment: null,
    degraded: [],
    ...fields,
  });
}

describe('list rows rendered for storage', () => {
  it('stores exactly the row GET /jobs presents, end user included', () => {
    const rendering = listRowRendering(presentation);
    const job = summary();
    const stored = rendering.forStorage(job);
    expect(JSON.parse(stored!)).toEqual(
      presentListRow(job, { ...presentation, endUser: { id: 'eu_1', external_id: 'listener-1' } }),
    );
    expect(JSON.parse(stored!).end_user).toEqual({ id: 'eu_1', external_id: 'listener-1' });
  });

  it('never stores a row whose review link carries a token', () => {
    const rendering = listRowRendering(presentation);
    const linked = summary({ review_nonce: 'nonce-1' }, true);
    expect(rendering.present(linked).review_url).toContain('token=');
    expect(rendering.forStorage(linked)).toBeNull();
    // Review required but no link minted yet (or API-only delivery): nothing secret, stored.
    expect(rendering.forStorage(summary({}, true))).not.toBeNull();
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
});

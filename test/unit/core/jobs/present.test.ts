import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { initialLifecycle, transition } from '../../../../core/jobs/lifecycle.ts';
import { lrcTimestamp, presentBatchJob, presentJob, presentListRow } from '../../../../core/jobs/present.ts';
import { summaryOf } from '../../../../core/jobs/summary.ts';

const base = 'https://verse.example.com';
const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
const results = {
  transcript: 'la la',
  transliteration: 'la la',
  translation: 'la la',
  cultural_notes: null,
  fallback_language: null,
};

function job(options: { align?: boolean; review?: 'aligned' | 'transcript' } = {}): JobRecord {
  return {
    job_id: '11111111-1111-4111-8111-111111111111',
    org_id: 'org_a',
    version: 1,
    lifecycle: initialLifecycle({
      align: options.align ?? true,
      review: Boolean(options.review),
      review_stage: options.review ?? null,
    }),
    language: 'Hindi',
    word_align_requested: true,
    romanisation: 'standard',
    review_delivery: options.review ? 'both' : null,
    external_id: null,
    isrc: 'USS1Z9900001',
    batch_id: null,
    end_user_id: null,
    end_user_external_id: null,
    key_id: null,
    review_nonce: null,
    review_token_sha256: null,
    webhook_url: null,
    audio_source: 'url',
    audio_url: 'https://cdn.example.com/a.mp3',
    audio_key: 'audio/x',
    audio_format: 'mp3',
    original_filename: 'a',
    created_at: t(0),
    updated_at: t(0),
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
  };
}

const line = {
  text: 'la la',
  transliteration: 'la la',
  translation: 'la la',
  start: 1.5,
  end: 2,
  words: [{ word: 'la', start: 1.5, end: 1.7 }],
  confidence: 0.9,
  flagged: false,
};

function transcribed(j: JobRecord): JobRecord {
  const next = transition(j.lifecycle, { type: 'transcript_ready', at: t(10) });
  return {
    ...j,
    lifecycle: next.lifecycle,
    results,
    lines: [{ ...line, start: null, end: null, words: null }],
    duration_seconds: 180,
  };
}
function aligned(j: JobRecord): JobRecord {
  const next = transition(j.lifecycle, { type: 'alignment_finished', at: t(20) });
  return { ...j, lifecycle: next.lifecycle, lines: [line], alignment: { method: 'whisper-forced', flagged_lines: 0 } };
}
const ctx = { baseUrl: base, reviewSecret: 's', endUser: null };

describe('GET /jobs/{id} shape per state', () => {
  it('processing: no results, completed_at null, second_opinion and alignment present as null', () => {
    const out = presentJob(job(), ctx);
    expect(out).toMatchObject({
      status: 'processing',
      stage: 'transcribing',
      completed_at: null,
      second_opinion: null,
      alignment: null,
      external_id: null,
    });
    expect(out).not.toHaveProperty('results');
    expect(out).not.toHaveProperty('duration_seconds');
    expect(out).not.toHaveProperty('transcript_completed_at');
    expect(out).not.toHaveProperty('review_required');
    expect(out).not.toHaveProperty('end_user');
    expect(out.audio_url).toBe('https://cdn.example.com/a.mp3');
    expect(out.studio_url).toBe(`${base}/studio/${out.job_id}`);
  });

  it('aligning: transcript_completed_at set, still no results', () => {
    const out = presentJob(transcribed(job()), ctx);
    expect(out.stage).toBe('aligning');
    expect(out.transcript_completed_at).toBe(t(10).toISOString());
    expect(out).not.toHaveProperty('results');
  });

  it('complete with downloads (the six of the spec and the additive word-timed formats)', () => {
    const out = presentJob(aligned(transcribed(job())), ctx);
    expect(out).toMatchObject({
      status: 'complete',
      stage: 'done',
      completed_at: t(20).toISOString(),
      duration_seconds: 180,
    });
    expect(Object.keys(out.results!.downloads!).sort()).toEqual([
      'elrc_original',
      'elrc_transliterated',
      'lrc_original',
      'lrc_transliterated',
      'srt_original',
      'srt_transliterated',
      'ttml_original',
      'ttml_transliterated',
      'vtt_original',
      'vtt_transliterated',
      'words_original',
      'words_transliterated',
    ]);
    expect(out.results!.downloads!.lrc_original).toBe(`${base}/api/v1/jobs/${out.job_id}/download/lrc/original`);
    expect(out.alignment).toEqual({ method: 'whisper-forced', flagged_lines: 0 });
  });

  it('complete with word_align=false: no words_* keys', () => {
    const out = presentJob(aligned(transcribed({ ...job(), word_align_requested: false })), ctx);
    expect(Object.keys(out.results!.downloads!)).not.toContain('words_original');
  });

  it('complete without downloads (align=false)', () => {
    const out = presentJob(transcribed(job({ align: false })), ctx);
    expect(out.status).toBe('complete');
    expect(out.results).toEqual({
      ...results,
      instrumental: false,
      explicit: null, // stored before explicit content was checked: not known
      language_check: null, // stored before the language check: it did not run
      untranslated_lines: [],
      sections: null,
    });
    expect(out.results).not.toHaveProperty('downloads');
  });

  it('failed: error object, completed_at null, no results', () => {
    const j = job();
    const failed = {
      ...j,
      lifecycle: transition(j.lifecycle, {
        type: 'failure_recorded',
        stage: 'transcription',
        message: 'unreadable audio',
        at: t(5),
      }).lifecycle,
    };
    const out = presentJob(failed, ctx);
    expect(out).toMatchObject({
      status: 'failed',
      stage: 'failed',
      completed_at: null,
      error: { stage: 'transcription', message: 'unreadable audio', failed_at: t(5).toISOString() },
    });
    expect(out).not.toHaveProperty('results');
  });

  it('review jobs carry the review fields; the review object only while held', () => {
    const held = aligned(transcribed(job({ review: 'aligned' })));
    const out = presentJob(held, ctx);
    expect(out).toMatchObject({
      review_required: true,
      review_url: null,
      review_approved_at: null,
      status: 'complete',
      stage: 'done',
    });
    expect(out.review_expires_at).toBe(new Date(t(20).getTime() + 7 * 86400_000).toISOString());
    expect(out.review?.lines[0]).toEqual({
      index: 0,
      text: 'la la',
      transliteration: 'la la',
      timestamp: '[00:01.50]',
      decoding: null, // a line stored before decoding scores were kept
      flagged: false,
    });
    const approved = {
      ...held,
      lifecycle: transition(held.lifecycle, { type: 'review_approved', at: t(30) }).lifecycle,
    };
    expect(presentJob(approved, ctx)).not.toHaveProperty('review');
    expect(presentJob(approved, ctx).review_approved_at).toBe(t(30).toISOString());
  });

  it('end_user appears only when the job has one', () => {
    const out = presentJob(job(), {
      baseUrl: base,
      reviewSecret: 's',
      endUser: { id: 'eu_1', external_id: 'u1', email: 'a@b.co' },
    });
    expect(out.end_user).toEqual({ id: 'eu_1', external_id: 'u1', email: 'a@b.co' });
  });
});

describe('list rows and batch entries', () => {
  it('list rows carry summaries and never lyrics', () => {
    const done = {
      ...aligned(transcribed(job())),
      second_opinion: { match_ratio: 0.9, suggestions: [{ line: 0, current: 'a', suggested: 'b', reason: 'r' }] },
    };
    const row = presentListRow(summaryOf(done), ctx);
    expect(row.second_opinion).toEqual({ match_ratio: 0.9, suggestion_count: 1 });
    expect(row.alignment).toEqual({ method: 'whisper-forced', flagged_lines: 0 });
    expect(JSON.stringify(row)).not.toContain('la la');
    expect(row).not.toHaveProperty('review_delivery');
    expect(row.isrc).toBe('USS1Z9900001');
  });

  it('batch entries omit downloads until complete', () => {
    expect(presentBatchJob(job(), ctx)).not.toHaveProperty('downloads');
    expect(presentBatchJob(aligned(transcribed(job())), ctx)).toHaveProperty('downloads');
  });
});

describe('lrcTimestamp', () => {
  it.each([
    [0, '[00:00.00]'],
    [61.234, '[01:01.23]'],
    [59.999, '[01:00.00]'],
    [725.5, '[12:05.50]'],
  ])('%d s → %s', (s, want) => expect(lrcTimestamp(s)).toBe(want));
});

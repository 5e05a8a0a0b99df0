/**
 * The API shapes of a job (spec, Resources): GET /jobs/{id}, a GET /jobs row and a batch entry.
 * Pure functions of the stored job; every conditional field follows the spec's rule for it.
 */
import type { BatchJob } from '../../schemas/generated/api/batch.ts';
import type { Downloads, EndUser, Job } from '../../schemas/generated/api/job.ts';
import type { JobListRow } from '../../schemas/generated/api/job-list-row.ts';
import { lrcTime } from '../render/timing.ts';
import { reviewExpiresAt, reviewUrlOf } from '../review/tokens.ts';
import { isInstrumental } from './instrumental.ts';
import type { JobRecord } from './job.ts';
import { resultSections } from './sections.ts';
import { type JobSummary, summaryOf } from './summary.ts';
import { untranslatedLines } from './translation.ts';

export interface PresentContext {
  baseUrl: string;
  /** Review links are derived with it (core/review/tokens.ts). */
  reviewSecret: string;
  endUser: EndUser | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

type DownloadSource = Pick<JobSummary, 'job_id' | 'lifecycle' | 'word_align_requested' | 'alignment' | 'word_timings'>;

export function downloadsOf(job: JobRecord, baseUrl: string): Downloads | undefined {
  return downloadsFor(summaryOf(job), baseUrl);
}

function downloadsFor(job: DownloadSource, baseUrl: string): Downloads | undefined {
  const l = job.lifecycle;
  if (l.status !== 'complete' || !l.align_requested) return undefined;
  const url = (type: string, variant: string) => `${baseUrl}/api/v1/jobs/${job.job_id}/download/${type}/${variant}`;
  const downloads: Downloads = {
    lrc_original: url('lrc', 'original'),
    lrc_transliterated: url('lrc', 'transliterated'),
    srt_original: url('srt', 'original'),
    srt_transliterated: url('srt', 'transliterated'),
  };
  const wordsReady = job.word_align_requested && job.alignment !== null && job.word_timings;
  if (wordsReady) {
    downloads.words_original = url('words', 'original');
    downloads.words_transliterated = url('words', 'transliterated');
    // Beyond the spec, additive: word-timed formats for karaoke players and Apple Music.
    for (const type of ['elrc', 'vtt', 'ttml'] as const) {
      downloads[`${type}_original`] = url(type, 'original');
      downloads[`${type}_transliterated`] = url(type, 'transliterated');
    }
  }
  return downloads;
}

export const studioUrl = (job: Pick<JobRecord, 'job_id'>, baseUrl: string) => `${baseUrl}/studio/${job.job_id}`;

export function presentJob(job: JobRecord, ctx: PresentContext): Job {
  const l = job.lifecycle;
  const out: Job = {
    job_id: job.job_id,
    status: l.status,
    stage: l.stage,
    language: job.language,
    align_requested: l.align_requested,
    word_align_requested: job.word_align_requested,
    romanisation: job.romanisation,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    completed_at: l.status === 'complete' ? iso(l.completed_at) : null,
    studio_url: studioUrl(job, ctx.baseUrl),
    external_id: job.external_id,
    isrc: job.isrc,
    batch_id: job.batch_id,
    second_opinion: job.second_opinion,
    alignment: job.alignment,
    degraded: job.degraded,
  };
  if (l.transcript_completed_at) out.transcript_completed_at = l.transcript_completed_at.toISOString();
  if (l.status === 'complete') {
    if (job.duration_seconds !== null) out.duration_seconds = job.duration_seconds;
    if (job.results) {
      const downloads = downloadsOf(job, ctx.baseUrl);
      out.results = {
        ...job.results,
        instrumental: isInstrumental(job.results.transcript),
        explicit: job.results?.explicit ?? null,
        language_check: job.results.language_check ?? null,
        untranslated_lines: untranslatedLines(job.language, job.lines ?? []),
        sections: resultSections(job),
        ...(downloads ? { downloads } : {}),
      };
    }
  }
  if (l.status === 'failed' && l.error) {
    out.error = { stage: l.error.stage, message: l.error.message, failed_at: l.error.failed_at.toISOString() };
  }
  if (ctx.endUser) out.end_user = ctx.endUser;
  if (job.audio_source === 'url' && job.audio_url) out.audio_url = job.audio_url;
  if (l.review_required) {
    out.review_required = true;
    out.review_stage = l.review_stage ?? 'aligned';
    out.review_delivery = job.review_delivery ?? 'both';
    out.review_url = reviewUrlOf(job, ctx.baseUrl, ctx.reviewSecret);
    const expires = reviewExpiresAt(job);
    if (expires) out.review_expires_at = expires;
    out.review_approved_at = iso(l.review_approved_at);
    if (l.review_gate && job.lines) {
      out.review = {
        stage: l.review_gate,
        lines: job.lines.map((line, index) => ({
          index,
          text: line.text,
          transliteration: line.transliteration,
          timestamp: line.start === null ? null : lrcTimestamp(line.start),
          decoding: line.decoding ?? null,
          flagged: line.flagged,
        })),
      };
    }
  }
  return out;
}

/**
 * The fields a list row and a batch entry share. Built as one literal with the optional fields set
 * after it, not spread together: a page presents up to 100 rows, and the spreads made it five times
 * as slow.
 */
function common(job: JobSummary, ctx: PresentContext): BatchJob {
  const l = job.lifecycle;
  const out: BatchJob = {
    job_id: job.job_id,
    language: job.language,
    status: l.status,
    stage: l.stage,
    external_id: job.external_id,
    align_requested: l.align_requested,
    review_required: l.review_required,
    review_url: l.review_required ? reviewUrlOf(job, ctx.baseUrl, ctx.reviewSecret) : null,
    review_approved_at: iso(l.review_approved_at),
    completed_at: l.status === 'complete' ? iso(l.completed_at) : null,
    studio_url: studioUrl(job, ctx.baseUrl),
    second_opinion: job.second_opinion,
    alignment: job.alignment,
  };
  const downloads = downloadsFor(job, ctx.baseUrl);
  if (downloads) out.downloads = downloads;
  if (l.status === 'failed' && l.error) {
    out.error = { stage: l.error.stage, message: l.error.message, failed_at: l.error.failed_at.toISOString() };
  }
  return out;
}

/** A GET /jobs row, from the summary the feed index keeps (core/jobs/summary.ts). */
export function presentListRow(job: JobSummary, ctx: PresentContext): JobListRow {
  const row: JobListRow = Object.assign(common(job, ctx), {
    isrc: job.isrc,
    created_at: job.created_at.toISOString(),
    updated_at: job.updated_at.toISOString(),
    degraded_count: job.degraded_count ?? 0,
  });
  if (ctx.endUser) row.end_user = { id: ctx.endUser.id, external_id: ctx.endUser.external_id };
  if (job.lifecycle.review_required) row.review_delivery = job.review_delivery ?? 'both';
  return row;
}

export function presentBatchJob(job: JobRecord, ctx: PresentContext): BatchJob {
  return common(summaryOf(job), ctx);
}

/** [mm:ss.xx], the bracketed form the spec uses for word and line times. */
export const lrcTimestamp = (seconds: number): string => `[${lrcTime(seconds)}]`;

/**
 * What a GET /jobs row and a batch entry show of a job: its state and summaries, never the lyrics
 * or results. The feed index keeps one with each row, written by the change that moves updated_at,
 * so a page of the feed is read from the index alone.
 */
import type { JobRecord } from './job.ts';
import { isLanguageMismatch } from './language-check.ts';
import type { Lifecycle } from './lifecycle.ts';
import { hasWordTimings } from './timings.ts';

export interface JobSummary
  extends Pick<
    JobRecord,
    | 'job_id'
    | 'org_id'
    | 'version'
    | 'language'
    | 'external_id'
    | 'isrc'
    | 'batch_id'
    | 'end_user_id'
    | 'end_user_external_id'
    | 'word_align_requested'
    | 'review_delivery'
    | 'review_nonce'
    | 'created_at'
    | 'updated_at'
  > {
  lifecycle: Lifecycle;
  second_opinion: { match_ratio: number; suggestion_count: number } | null;
  alignment: { method: string; flagged_lines: number } | null;
  /** The word-timed files can be offered (core/jobs/timings.ts, hasWordTimings). */
  word_timings: boolean;
  /** The language check heard another language than the label (absent from summaries older than the check). */
  language_mismatch?: boolean;
  /**
   * How many parts of the job fell back (its `degraded` list). Absent from summaries written before
   * it was kept: a reader reads such a row's job instead (sinks/cassandra/feed.ts, readSummary).
   */
  degraded_count?: number;
}

export function summaryOf(job: JobRecord): JobSummary {
  return {
    job_id: job.job_id,
    org_id: job.org_id,
    version: job.version,
    language: job.language,
    external_id: job.external_id,
    isrc: job.isrc,
    batch_id: job.batch_id,
    end_user_id: job.end_user_id,
    end_user_external_id: job.end_user_external_id,
    word_align_requested: job.word_align_requested,
    review_delivery: job.review_delivery,
    review_nonce: job.review_nonce,
    created_at: job.created_at,
    updated_at: job.updated_at,
    lifecycle: job.lifecycle,
    second_opinion: job.second_opinion
      ? { match_ratio: job.second_opinion.match_ratio, suggestion_count: job.second_opinion.suggestions.length }
      : null,
    alignment: job.alignment ? { method: job.alignment.method, flagged_lines: job.alignment.flagged_lines } : null,
    word_timings: hasWordTimings(job.lines ?? []),
    language_mismatch: isLanguageMismatch(job),
    degraded_count: job.degraded.length,
  };
}

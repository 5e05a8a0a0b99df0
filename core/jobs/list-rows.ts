/**
 * GET /jobs rows as JSON, rendered when a feed row is written, so that a page serves them as they
 * are stored, without decoding, presenting or serialising each one (gateway/jobs/feed-query.ts).
 *
 * A rendered row depends on the deployment's base URL, its review secret and the row's shape in
 * this code. Each stored row carries a key naming all three; a reader under another key (either
 * setting changed, or a release changed the shape) renders the row from its summary instead. The
 * shape enters the key by rendering fixed probe jobs, so a change to presentListRow's output
 * changes the key without anyone remembering to bump a number.
 *
 * A review link is stored without its token, which the database never holds
 * (core/review/tokens.ts): the token's place holds the link's nonce, and serving the row puts the
 * token there, derived as the link itself is.
 */
import { createHmac } from 'node:crypto';
import type { JobListRow } from '../../schemas/generated/api/job-list-row.ts';
import { reviewToken } from '../review/tokens.ts';
import type { Lifecycle } from './lifecycle.ts';
import { presentListRow } from './present.ts';
import type { JobSummary } from './summary.ts';

export interface Presentation {
  baseUrl: string;
  reviewSecret: string;
}

export interface ListRowRendering {
  /** Names the presentation and the row shape that rows are rendered under. */
  readonly key: string;
  /** The row as GET /jobs shows it. */
  present(summary: JobSummary): JobListRow;
  /** The row's JSON to store with the feed row, its review token (if any) left out. */
  forStorage(summary: JobSummary): string;
  /** A stored row as GET /jobs shows it, or null when it was rendered under another key. */
  serve(stored: { json: string; key: string }, jobId: string): string | null;
}

/**
 * Where a stored row's review token goes: the nonce it is derived from, between NUL characters.
 * JSON.stringify escapes every control character, so no text of the row (an external_id, say)
 * can look like this place.
 */
const TOKEN_MARK = '\u0000';
const tokenPlace = (nonce: string) => `${TOKEN_MARK}${nonce}${TOKEN_MARK}`;

export function listRowRendering({ baseUrl, reviewSecret }: Presentation): ListRowRendering {
  const present = (job: JobSummary) =>
    presentListRow(job, {
      baseUrl,
      reviewSecret,
      endUser:
        job.end_user_id && job.end_user_external_id
          ? { id: job.end_user_id, external_id: job.end_user_external_id }
          : null,
    });
  const shape = PROBES.map((probe) => JSON.stringify(present(probe))).join('\n');
  const key = createHmac('sha256', reviewSecret)
    .update(`list-row\n${baseUrl}\n${shape}`)
    .digest('base64url')
    .slice(0, 22);
  return {
    key,
    present,
    forStorage: (job) => {
      const json = JSON.stringify(present(job));
      if (!job.review_nonce) return json;
      return json.replaceAll(reviewToken(reviewSecret, job.job_id, job.review_nonce), tokenPlace(job.review_nonce));
    },
    serve: (stored, jobId) => {
      if (stored.key !== key) return null;
      if (!stored.json.includes(TOKEN_MARK)) return stored.json;
      // Split on the marks, every second part is a nonce.
      const parts = stored.json.split(TOKEN_MARK);
      return parts.map((part, i) => (i % 2 === 1 ? reviewToken(reviewSecret, jobId, part) : part)).join('');
    },
  };
}

const at = new Date('2026-01-01T00:00:00.000Z');
const lifecycle: Lifecycle = {
  status: 'complete',
  stage: 'done',
  align_requested: true,
  review_required: true,
  review_stage: 'aligned',
  review_gate: null,
  review_gate_at: at,
  review_approved_at: at,
  transcript_completed_at: at,
  completed_at: at,
  error: null,
  aligning_existing: false,
};
const complete: JobSummary = {
  job_id: '00000000-0000-4000-8000-000000000001',
  org_id: 'org_probe',
  version: 1,
  language: 'Tamil',
  external_id: 'probe',
  isrc: 'USRC17607839',
  batch_id: null,
  end_user_id: 'eu_probe',
  end_user_external_id: 'probe-user',
  word_align_requested: true,
  review_delivery: 'both',
  review_nonce: 'probe-nonce',
  created_at: at,
  updated_at: at,
  lifecycle,
  second_opinion: { match_ratio: 0.9, suggestion_count: 2 },
  alignment: { method: 'probe', flagged_lines: 1 },
  word_timings: true,
  language_mismatch: false,
  degraded_count: 1,
};
/** Jobs that between them show every field a list row can have. */
const PROBES: JobSummary[] = [
  complete,
  {
    ...complete,
    review_delivery: null,
    second_opinion: null,
    alignment: null,
    lifecycle: {
      ...lifecycle,
      status: 'failed',
      stage: 'failed',
      review_required: false,
      error: { stage: 'alignment', message: 'probe', failed_at: at },
    },
  },
];

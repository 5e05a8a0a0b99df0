/** A job as the platform stores it: its lifecycle plus what was submitted and what the pipeline produced. */
import type { LanguageCheck, LineDecoding } from '../../schemas/generated/api/job.ts';
import type { Lifecycle, ReviewDelivery } from './lifecycle.ts';
import type { RomanisationForm } from './submission.ts';

export interface WordTiming {
  word: string;
  start: number;
  end: number;
  /** The recogniser's probability for the word where it was placed; absent where the method has none. */
  confidence?: number;
  /** The engine doubts the word (the review page marks it); absent where the method has no confidence. */
  unsure?: boolean;
}

/** One sung line with its romanisation, translation and (after alignment) timings in seconds. */
export interface LyricLine {
  text: string;
  transliteration: string;
  translation: string | null;
  start: number | null;
  end: number | null;
  words: WordTiming[] | null;
  confidence: number | null;
  /** The decoder's scores for the line (engine/verse_engine/text/lines.py, Decoding); absent on older jobs, null where not decoded. */
  decoding?: LineDecoding | null;
  flagged: boolean;
}

export interface JobResults {
  transcript: string;
  transliteration: string;
  translation: string;
  cultural_notes: string | null;
  /** The related language Whisper decoded when it has no model for this one. */
  fallback_language: string | null;
  /** Explicit lyrics (core/jobs/explicit.ts): null where no lexicon exists; absent on older jobs. */
  explicit?: boolean | null;
  /** Whether the song is sung in its labelled language: null when the check could not run; absent on older jobs. */
  language_check?: LanguageCheck | null;
}

export interface SecondOpinionResult {
  match_ratio: number;
  suggestions: { line: number; current: string; suggested: string; reason: string }[];
  model?: string;
}

export interface AlignmentResult {
  method: string;
  flagged_lines: number;
  aligner_version?: string;
  coverage?: number;
  /** sha256 of the line texts the timings were made for (see lineTextHash). */
  text_sha256?: string;
}

export interface Degradation {
  component: string;
  reason: string;
}

export type AudioSource = 'upload' | 'url';

export interface JobRecord {
  job_id: string;
  org_id: string;
  version: number;
  lifecycle: Lifecycle;
  language: string;
  word_align_requested: boolean;
  /** The form its transliteration is written in: the submission's choice or the organisation's default. */
  romanisation: RomanisationForm;
  review_delivery: ReviewDelivery | null;
  external_id: string | null;
  isrc: string | null;
  batch_id: string | null;
  end_user_id: string | null;
  end_user_external_id: string | null;
  /** The API key that submitted the job: its webhook_secret signs the job's webhooks (null for jobs from before keys were recorded). */
  key_id: string | null;
  /** Set when a review gate minted a link (see core/review/tokens.ts); null for review_delivery=api. */
  review_nonce: string | null;
  review_token_sha256: string | null;
  webhook_url: string | null;
  audio_source: AudioSource;
  audio_url: string | null;
  audio_key: string | null;
  audio_format: string | null;
  original_filename: string;
  created_at: Date;
  updated_at: Date;
  duration_seconds: number | null;
  transcription_attempt: number;
  transcription_started_at: Date | null;
  alignment_attempt: number;
  alignment_started_at: Date | null;
  results: JobResults | null;
  lines: LyricLine[] | null;
  second_opinion: SecondOpinionResult | null;
  alignment: AlignmentResult | null;
  degraded: Degradation[];
}

/** The part of a job a change may replace. */
export type JobPatch = Partial<Omit<JobRecord, 'job_id' | 'org_id' | 'version' | 'created_at' | 'updated_at'>>;

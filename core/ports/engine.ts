/**
 * The speech engine as the platform sees it. The service uses sinks/engine/http-engine.ts (the
 * Python engine, or any server with the same contract); tests of the pipeline use a double. Audio
 * travels as a storage key: the engine reads it from the same object store, so an engine pool on
 * its own hosts shares no disk with the processors.
 */
import type { AlignmentResult, Degradation, JobResults, LyricLine, SecondOpinionResult } from '../jobs/job.ts';
import type { RomanisationForm } from '../jobs/submission.ts';
import type { LineTiming } from '../jobs/timings.ts';
import type { LanguageEntry } from '../languages.ts';
import { VerseError } from '../verse-error.ts';

export interface TranscribeRequest {
  /** The job's audio in object storage (JobRecord.audio_key). */
  audioKey: string;
  language: LanguageEntry;
  romanisation: RomanisationForm;
}

/** What the engine knows of a song beyond its lines; the joined texts are derived from the lines (core/jobs/results.ts). */
export type EngineFindings = Pick<JobResults, 'cultural_notes' | 'fallback_language' | 'language_check'>;

export interface TranscribeResult {
  duration_seconds: number;
  lines: LyricLine[];
  results: EngineFindings;
  second_opinion: SecondOpinionResult | null;
  degraded: Degradation[];
}

export interface AlignRequest {
  audioKey: string;
  language: LanguageEntry;
  lines: { text: string; transliteration: string }[];
  wordLevel: boolean;
}

/** A line's timing from the aligner: the same shape the job stores (core/jobs/timings.ts). */
export type AlignedLine = LineTiming;

export interface AlignResult {
  lines: AlignedLine[];
  alignment: AlignmentResult;
}

/**
 * A failure of the speech engine. Not retriable: retrying cannot help (unreadable audio, a capability
 * missing), and the job fails with publicMessage. Retriable: the engine is down or busy, and the work
 * waits for it.
 */
export class EngineError extends VerseError {
  /**
   * @param message the details, for logs (the engine's path, status and words)
   * @param options.publicMessage what a client is told: a sentence of ours, never the engine's words
   */
  constructor(message: string, options: { retriable: boolean; publicMessage?: string }) {
    super(message, { retriable: options.retriable });
    this.publicMessage = options.publicMessage ?? 'The speech engine could not process this audio.';
  }

  readonly publicMessage: string;
}

/** What a client is told of an engine failure (job error.message, API errors); details go to logs. */
export function publicReason(error: unknown): string {
  return error instanceof EngineError ? error.publicMessage : 'An internal step failed.';
}

export interface Engine {
  transcribe(request: TranscribeRequest): Promise<TranscribeResult>;
  align(request: AlignRequest): Promise<AlignResult>;
  /** The engine's current aligner version: timings made by another version are re-aligned. */
  alignerVersion(): Promise<string>;
  /** Romanisation of edited lines (what a reviewer's edit is offered as its new transliteration). */
  romanise(language: LanguageEntry, lines: string[], form: RomanisationForm): Promise<string[]>;
}

/**
 * Timing lines against a job's stored audio: the one way the pipeline's alignment stage, POST
 * /jobs/{id}/align and an approval's edits get timings. The engine must time every line it was
 * given; an answer with fewer or more lines is no usable alignment, whoever asked (the stage fails
 * the job, the endpoints refuse and keep the timings they had). A track with no sung line is an
 * instrumental: it completes with nothing to time, without asking the engine.
 */
import type { AlignmentResult, JobRecord, LyricLine } from '../jobs/job.ts';
import { lineTextHash } from '../jobs/line-text.ts';
import { withTimings } from '../jobs/timings.ts';
import { findLanguage } from '../languages.ts';
import { type Engine, EngineError } from '../ports/engine.ts';
import { VerseError } from '../verse-error.ts';

export interface Realigned {
  lines: LyricLine[];
  /** The alignment's summary, stamped with the hash of the texts it timed. */
  alignment: AlignmentResult;
}

/** The job has no copy of its audio to align against. */
export class NoStoredAudioError extends VerseError {
  constructor(jobId: string) {
    super(`job ${jobId} has no stored audio`);
  }
}

/** What an instrumental (no sung line) aligns to: nothing to time, and nothing in doubt. */
export const INSTRUMENTAL_ALIGNMENT_METHOD = 'instrumental';

export async function realign(engine: Engine, job: JobRecord, lines: LyricLine[]): Promise<Realigned> {
  if (!job.audio_key) throw new NoStoredAudioError(job.job_id);
  if (lines.length === 0) {
    return {
      lines: [],
      alignment: {
        method: INSTRUMENTAL_ALIGNMENT_METHOD,
        flagged_lines: 0,
        coverage: 1,
        text_sha256: lineTextHash([]),
      },
    };
  }
  const language = findLanguage(job.language);
  if (!language) throw new EngineError(`job ${job.job_id} has unknown language ${job.language}`, { retriable: false });
  const aligned = await engine.align({
    audioKey: job.audio_key,
    language,
    lines: lines.map((line) => ({ text: line.text, transliteration: line.transliteration })),
    wordLevel: job.word_align_requested,
  });
  if (aligned.lines.length !== lines.length) {
    throw new EngineError(`the aligner returned ${aligned.lines.length} timings for ${lines.length} lines`, {
      retriable: false,
      publicMessage: 'The aligner did not time every line.',
    });
  }
  const timed = withTimings(lines, aligned);
  return {
    lines: timed,
    // Counted from the lines as stored, the ones clients read.
    alignment: {
      ...aligned.alignment,
      flagged_lines: timed.filter((line) => line.flagged).length,
      text_sha256: lineTextHash(lines),
    },
  };
}

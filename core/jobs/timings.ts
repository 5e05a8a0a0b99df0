/** Applying an aligner's result to a job's lines. */
import type { LyricLine, WordTiming } from './job.ts';

export interface LineTiming {
  start: number;
  end: number;
  words: WordTiming[] | null;
  confidence: number;
  flagged: boolean;
}

/** Each line takes its aligned timing; a line the aligner did not return is untimed and flagged. */
export function withTimings(lines: LyricLine[], aligned: { lines: LineTiming[] }): LyricLine[] {
  return lines.map((line, i) => {
    const timing = aligned.lines[i];
    if (!timing) return { ...line, start: null, end: null, words: null, confidence: null, flagged: true };
    return {
      ...line,
      start: timing.start,
      end: timing.end,
      words: timing.words,
      confidence: timing.confidence,
      flagged: timing.flagged,
    };
  });
}

/**
 * The word-timed files can be offered: some line has word timings, or there is no line to time (an
 * instrumental, whose word files are valid and empty).
 */
export function hasWordTimings(lines: LyricLine[]): boolean {
  return lines.length === 0 || lines.some((line) => line.words !== null);
}

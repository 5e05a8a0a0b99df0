/** Applying an aligner's result to a job's lines. */
import type { LyricLine, WordTiming } from './job.ts';

export interface LineTiming {
  start: number;
  end: number;
  words: WordTiming[] | null;
  confidence: number;
  flagged: boolean;
}

/** The line's words the engine marked as doubted (engine/verse_engine/text/lines.py, `is_unsure`). */
export const unsureWords = (line: Pick<LyricLine, 'words'>): WordTiming[] =>
  (line.words ?? []).filter((w) => w.unsure === true);

/**
 * Each line takes its aligned timing, and its flag, as the engine gave them: the engine's verdict
 * (engine/verse_engine/alignment/lyrics_align.py) is the one verdict. The aligner times every line
 * it was given; `realign` refuses an answer that does not.
 */
export function withTimings(lines: LyricLine[], aligned: { lines: LineTiming[] }): LyricLine[] {
  return lines.map((line, i) => {
    const timing = aligned.lines[i]!;
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

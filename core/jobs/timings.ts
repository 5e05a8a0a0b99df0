/** Applying an aligner's result to a job's lines. */
import type { LyricLine, WordTiming } from './job.ts';

export interface LineTiming {
  start: number;
  end: number;
  words: WordTiming[] | null;
  confidence: number;
  flagged: boolean;
}

/**
 * A word the recogniser gives a probability below this, where the aligner placed it, is one it is
 * unsure of; its line is flagged for review. Chosen from the per-word table in docs/benchmarks-archive.md
 * ("Word confidence").
 */
export const LOW_WORD_CONFIDENCE = 0.05;

/** The line's words the recogniser is unsure of (none where the aligner gives no confidence). */
export const unsureWords = (line: Pick<LyricLine, 'words'>): WordTiming[] =>
  (line.words ?? []).filter((w) => w.confidence !== undefined && w.confidence < LOW_WORD_CONFIDENCE);

/**
 * Each line takes its aligned timing as the engine gave it. The engine flags what the alignment
 * doubts and bounds how far a word may stray from its line (engine/verse_engine/alignment/lyrics_align.py,
 * strays.py); a line the aligner did not return is untimed and flagged here, and a line with a word
 * the recogniser is unsure of is flagged here, because the review page marks those same words.
 */
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
      flagged: timing.flagged || unsureWords(timing).length > 0,
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

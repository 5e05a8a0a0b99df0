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
 * Within one sung line, a silence longer than this between two words is the aligner losing its
 * place, not phrasing: a line is one phrase (the transcriber cuts lines at pauses), and in the
 * hand-timed reference songs no gap between words of a line exceeds 2.8 s (docs/benchmarks-archive.md).
 */
export const MAX_WORD_GAP_SECONDS = 4;
const WORD_SECONDS = { min: 0.1, max: 1 };

/**
 * A derailed line (its words split by a silence over MAX_WORD_GAP_SECONDS) keeps its largest run of
 * words where the aligner heard it; the stray words are set beside that run at the run's own pace,
 * and the line is flagged for review. Returns null when the line is whole.
 */
export function mendDerailedWords(words: WordTiming[]): WordTiming[] | null {
  const runs: WordTiming[][] = [];
  for (const [i, word] of words.entries()) {
    if (i === 0 || word.start - words[i - 1]!.end > MAX_WORD_GAP_SECONDS) runs.push([]);
    runs.at(-1)!.push(word);
  }
  if (runs.length < 2) return null;
  // The run with the most words; on a tie, the one with the most sung time (stray words are squeezed).
  const sung = (run: WordTiming[]) => run.reduce((sum, w) => sum + w.end - w.start, 0);
  const main = runs.reduce((best, run) =>
    run.length > best.length || (run.length === best.length && sung(run) > sung(best)) ? run : best,
  );
  const at = runs.indexOf(main);
  const durations = main.map((w) => w.end - w.start).sort((a, b) => a - b);
  const pace = Math.min(WORD_SECONDS.max, Math.max(WORD_SECONDS.min, durations[Math.floor(durations.length / 2)]!));
  const before = runs.slice(0, at).flat();
  const after = runs.slice(at + 1).flat();
  const start = Math.max(0, main[0]!.start - before.length * pace);
  const end = main.at(-1)!.end;
  return [
    ...before.map((w, k) => ({ ...w, start: start + k * pace, end: start + (k + 1) * pace })),
    ...main,
    ...after.map((w, k) => ({ ...w, start: end + k * pace, end: end + (k + 1) * pace })),
  ];
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
 * Each line takes its aligned timing; a line the aligner did not return is untimed and flagged, a
 * derailed line is mended and flagged, and a line with a word the recogniser is unsure of is flagged.
 */
export function withTimings(lines: LyricLine[], aligned: { lines: LineTiming[] }): LyricLine[] {
  return lines.map((line, i) => {
    const timing = aligned.lines[i];
    if (!timing) return { ...line, start: null, end: null, words: null, confidence: null, flagged: true };
    const mended = timing.words ? mendDerailedWords(timing.words) : null;
    if (mended) {
      return {
        ...line,
        start: mended[0]!.start,
        end: mended.at(-1)!.end,
        words: mended,
        confidence: timing.confidence,
        flagged: true,
      };
    }
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

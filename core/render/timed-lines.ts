/** What every renderer takes: lines with their timings, in the original script or romanised. */
import type { LyricLine } from '../jobs/job.ts';
import { writableLine } from '../text/characters.ts';

export type Variant = 'original' | 'transliterated';

export interface TimedWord {
  text: string;
  start: number;
  end: number;
  confidence: number | null;
}

export interface TimedLine {
  text: string;
  start: number;
  end: number;
  words: TimedWord[] | null;
}

export interface TrackInfo {
  title?: string;
  artist?: string;
  durationSeconds?: number | null;
}

/**
 * The lines that have timings, in the requested variant, their text as a file may carry it (one
 * line, no control characters: core/text/characters.ts). Romanised words share the original
 * words' timings: romanisation keeps the word count (engine/verse_engine/text/romanise.py).
 */
export function timedLines(lines: readonly LyricLine[], variant: Variant): TimedLine[] {
  return lines
    .filter((l): l is LyricLine & { start: number; end: number } => l.start !== null && l.end !== null)
    .map((line) => {
      const text = writableLine(variant === 'original' ? line.text : line.transliteration);
      const romanised = line.transliteration.split(/\s+/).filter(Boolean);
      const words =
        line.words?.map((w, i) => ({
          text: writableLine(variant === 'original' ? w.word : (romanised[i] ?? w.word)),
          start: w.start,
          end: w.end,
          confidence: w.confidence ?? null,
        })) ?? null;
      return { text, start: line.start, end: line.end, words };
    });
}

/**
 * The spec's words JSON: [{word, timestamp: "[mm:ss.xx]"}], one entry per word, with two additions:
 * the word's `end` in the same form, and its `confidence` (0 to 1; null where the aligner has none).
 */

import type { TimedLine } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export interface WordEntry {
  word: string;
  timestamp: string;
  end: string;
  confidence: number | null;
}

export function renderWords(lines: TimedLine[]): WordEntry[] {
  return lines.flatMap((l) =>
    (l.words ?? []).map((w) => ({
      word: w.text,
      timestamp: `[${lrcTime(w.start)}]`,
      end: `[${lrcTime(w.end)}]`,
      confidence: w.confidence,
    })),
  );
}

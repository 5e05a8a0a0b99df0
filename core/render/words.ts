/** The spec's words JSON: [{word, timestamp: "[mm:ss.xx]"}], one entry per word. */

import type { TimedLine } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export interface WordEntry {
  word: string;
  timestamp: string;
}

export function renderWords(lines: TimedLine[]): WordEntry[] {
  return lines.flatMap((l) => (l.words ?? []).map((w) => ({ word: w.text, timestamp: `[${lrcTime(w.start)}]` })));
}

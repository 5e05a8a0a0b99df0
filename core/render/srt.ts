/** SRT: numbered cues, HH:MM:SS,mmm --> HH:MM:SS,mmm, never overlapping. */

import type { TimedLine } from './timed-lines.ts';
import { srtTime } from './timing.ts';

const MIN_CUE = 0.2;

export function renderSrt(lines: TimedLine[]): string {
  const cues: string[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    // A cue ends before the next one starts, and lasts at least a moment.
    const end = Math.max(line.start + MIN_CUE, next ? Math.min(line.end, next.start) : line.end);
    cues.push(
      `${cues.length + 1}\n${srtTime(line.start)} --> ${srtTime(next ? Math.min(end, next.start) : end)}\n${line.text}\n`,
    );
  });
  return cues.join('\n');
}

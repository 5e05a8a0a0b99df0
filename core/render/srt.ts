/** SRT: numbered cues, HH:MM:SS,mmm --> HH:MM:SS,mmm, never overlapping. */

import type { TimedLine } from './timed-lines.ts';
import { srtTime } from './timing.ts';

const MIN_CUE = 0.2;

const FULL_WIDTH: Record<string, string> = { '<': '＜', '>': '＞', '{': '｛' };

/**
 * Lyric text as SRT may carry it. SRT has no escapes, and players render <b>, <i>, <font> and
 * {\an8}-style tags and take a "-->" line for a timing line. Angle brackets and a brace before a
 * backslash become their full-width forms, which no player parses and a reader's eye barely tells
 * apart.
 */
export const srtText = (text: string): string => text.replace(/[<>]|\{(?=\\)/g, (c) => FULL_WIDTH[c]!);

export function renderSrt(lines: TimedLine[]): string {
  const cues: string[] = [];
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    // A cue ends before the next one starts, and lasts at least a moment.
    const end = Math.max(line.start + MIN_CUE, next ? Math.min(line.end, next.start) : line.end);
    cues.push(
      `${cues.length + 1}\n${srtTime(line.start)} --> ${srtTime(next ? Math.min(end, next.start) : end)}\n${srtText(line.text)}\n`,
    );
  });
  return cues.join('\n');
}

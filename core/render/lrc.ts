/**
 * LRC: [mm:ss.xx] per line, with [ti:], [ar:] when known and [length:]. An instrumental passage
 * after a line gets an empty timed line where the singing stops, so players clear the display.
 */

import { instrumentalSpans } from './instrumental.ts';
import type { TimedLine, TrackInfo } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export function renderLrc(lines: TimedLine[], info: TrackInfo = {}): string {
  const head: string[] = [];
  if (info.title) head.push(`[ti:${info.title}]`);
  if (info.artist) head.push(`[ar:${info.artist}]`);
  if (info.durationSeconds) head.push(`[length:${lrcTime(info.durationSeconds).slice(0, 5)}]`);
  const clears = instrumentalSpans(lines, info.durationSeconds)
    .filter((span) => span.start > 0)
    .map((span) => ({ start: span.start, text: '' }));
  const body = [...lines, ...clears].sort((a, b) => a.start - b.start).map((l) => `[${lrcTime(l.start)}]${l.text}`);
  return `${[...head, ...body].join('\n')}\n`;
}

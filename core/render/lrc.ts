/** LRC: [mm:ss.xx] per line, with [ti:], [ar:] when known and [length:]. */

import type { TimedLine, TrackInfo } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export function renderLrc(lines: TimedLine[], info: TrackInfo = {}): string {
  const head: string[] = [];
  if (info.title) head.push(`[ti:${info.title}]`);
  if (info.artist) head.push(`[ar:${info.artist}]`);
  if (info.durationSeconds) head.push(`[length:${lrcTime(info.durationSeconds).slice(0, 5)}]`);
  const body = lines.map((l) => `[${lrcTime(l.start)}]${l.text}`);
  return `${[...head, ...body].join('\n')}\n`;
}

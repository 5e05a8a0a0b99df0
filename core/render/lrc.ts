/**
 * LRC: [mm:ss.xx] per line, with [ti:], [ar:] when known and [length:]. An instrumental passage
 * after a line gets an empty timed line where the singing stops, so players clear the display.
 */

import { writableLine } from '../text/characters.ts';
import { instrumentalSpans } from './instrumental.ts';
import type { TimedLine, TrackInfo } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

/** A time tag as LRC readers find it: [mm:ss.xx] before a line, <mm:ss.xx> before a word (enhanced LRC). */
const TIME_TAG = /([[<])(\s*\d+\s*:\s*\d+(?:\s*[.:]\s*\d+)?\s*)([\]>])/g;
const FULL_WIDTH: Record<string, string> = { '[': '［', ']': '］', '<': '＜', '>': '＞' };

/**
 * Lyric text as LRC may carry it: LRC has no escapes, so a sung "[00:01.00]" would read as a time
 * of its own. Its brackets become their full-width forms, which no reader parses and a reader's eye
 * barely tells apart.
 */
export const lrcText = (text: string): string =>
  text.replace(
    TIME_TAG,
    (_, open: string, inside: string, close: string) => FULL_WIDTH[open] + inside + FULL_WIDTH[close],
  );

/** A header tag's value: one line, and no bracket that would close the tag early. */
const tagValue = (value: string) => writableLine(value).replace(/[[\]]/g, '');

/** The document, from lines whose text is already as LRC may carry it. */
export function lrcDocument(lines: TimedLine[], info: TrackInfo = {}): string {
  const head: string[] = [];
  if (info.title) head.push(`[ti:${tagValue(info.title)}]`);
  if (info.artist) head.push(`[ar:${tagValue(info.artist)}]`);
  if (info.durationSeconds) head.push(`[length:${lrcTime(info.durationSeconds).slice(0, 5)}]`);
  const clears = instrumentalSpans(lines, info.durationSeconds)
    .filter((span) => span.start > 0)
    .map((span) => ({ start: span.start, text: '' }));
  const body = [...lines, ...clears].sort((a, b) => a.start - b.start).map((l) => `[${lrcTime(l.start)}]${l.text}`);
  return `${[...head, ...body].join('\n')}\n`;
}

export function renderLrc(lines: TimedLine[], info: TrackInfo = {}): string {
  return lrcDocument(
    lines.map((l) => ({ ...l, text: lrcText(l.text) })),
    info,
  );
}

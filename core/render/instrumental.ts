/**
 * Instrumental passages: stretches of the track with no sung line. A break longer than
 * INSTRUMENTAL_GAP_SECONDS (Musixmatch's guideline for an instrumental mark) is marked in the timed
 * files, so players clear the lyric display and subtitles say why nothing is shown; a track with no
 * sung line at all is one instrumental passage from start to end.
 */
import type { TimedLine } from './timed-lines.ts';

export const INSTRUMENTAL_GAP_SECONDS = 15;
/** The cue text subtitle files show during an instrumental passage. */
export const INSTRUMENTAL_CUE = '♪ Instrumental ♪';

export interface InstrumentalSpan {
  start: number;
  end: number;
}

/** Every passage without singing longer than the threshold: before the first line, between lines, after the last. */
export function instrumentalSpans(lines: TimedLine[], durationSeconds: number | null | undefined): InstrumentalSpan[] {
  const duration = durationSeconds ?? null;
  if (lines.length === 0) return duration && duration > 0 ? [{ start: 0, end: duration }] : [];
  const spans: InstrumentalSpan[] = [];
  let heard = 0;
  for (const line of lines) {
    if (line.start - heard > INSTRUMENTAL_GAP_SECONDS) spans.push({ start: heard, end: line.start });
    heard = Math.max(heard, line.end);
  }
  if (duration !== null && duration - heard > INSTRUMENTAL_GAP_SECONDS) spans.push({ start: heard, end: duration });
  return spans;
}

/**
 * Lines and instrumental cues in time order, for subtitle formats. Cue lines carry no words, so
 * karaoke formats show them as plain text.
 */
export function withInstrumentalCues(lines: TimedLine[], durationSeconds: number | null | undefined): TimedLine[] {
  const cues = instrumentalSpans(lines, durationSeconds).map((span) => ({
    text: INSTRUMENTAL_CUE,
    start: span.start,
    end: span.end,
    words: null,
  }));
  return [...lines, ...cues].sort((a, b) => a.start - b.start);
}

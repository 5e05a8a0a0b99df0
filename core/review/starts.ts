/**
 * Starts a reviewer set by ear (tap-to-time on the review page) are anchors: they win over the
 * aligner's. An anchored line moves whole (its words keep their spacing); the lines around it are
 * then kept in order, so no file ever plays a line before the one above it.
 */
import type { LyricLine, WordTiming } from '../jobs/job.ts';

/** A line given a start with no timing of its own lasts this long, or until the next line starts. */
const UNTIMED_LINE_SECONDS = 3;

const round = (t: number) => Math.round(t * 1000) / 1000;

function shifted(line: LyricLine, start: number): LyricLine {
  if (line.start === null) {
    return { ...line, start, end: start + UNTIMED_LINE_SECONDS, words: null, flagged: false };
  }
  const delta = start - line.start;
  const move = (t: number) => round(t + delta);
  return {
    ...line,
    start,
    end: line.end === null ? null : move(line.end),
    words: line.words?.map((w) => ({ ...w, start: move(w.start), end: move(w.end) })) ?? null,
    // A human heard where it starts: the aligner's doubt about this line is answered.
    flagged: false,
  };
}

/** The line's timing squeezed into [from, to]; words keep their order, none outside the line. */
function within(line: LyricLine, from: number, to: number): LyricLine {
  if (line.start === null) return line;
  const clamp = (t: number) => Math.min(Math.max(t, from), to);
  const start = clamp(line.start);
  const end = line.end === null ? null : Math.max(start, clamp(line.end));
  if (start === line.start && end === line.end) return line;
  const words: WordTiming[] | null =
    line.words?.map((w) => {
      const s = Math.min(Math.max(w.start, start), end ?? to);
      return { ...w, start: s, end: Math.max(s, Math.min(w.end, end ?? to)) };
    }) ?? null;
  return { ...line, start, end, words };
}

/**
 * The lines with the reviewer's starts applied (`starts[i]` null: the aligner's timing stands).
 * Starts must not go backwards among the anchored lines; the caller refuses such a body. A line
 * between two anchors whose aligner timing falls outside them is pulled inside and flagged, since
 * the reviewer's ear contradicts it.
 */
export function withReviewerStarts(lines: readonly LyricLine[], starts: readonly (number | null)[]): LyricLine[] {
  const out = lines.map((line, i) =>
    starts[i] === null || starts[i] === undefined ? line : shifted(line, starts[i]!),
  );
  const anchorAt = (i: number) => starts[i] !== null && starts[i] !== undefined;
  let floor = 0;
  for (let i = 0; i < out.length; i++) {
    if (anchorAt(i)) {
      floor = out[i]!.start!;
      continue;
    }
    let ceiling = Number.POSITIVE_INFINITY;
    for (let j = i + 1; j < out.length; j++) {
      if (anchorAt(j)) {
        ceiling = out[j]!.start!;
        break;
      }
    }
    const line = out[i]!;
    if (line.start !== null && (line.start < floor || line.start > ceiling)) {
      out[i] = { ...within(line, floor, ceiling), flagged: true };
    }
  }
  // No line runs into the next one's start.
  for (let i = 0; i + 1 < out.length; i++) {
    const line = out[i]!;
    const next = out[i + 1]!;
    if (line.start !== null && line.end !== null && next.start !== null && line.end > next.start)
      out[i] = within(line, line.start, Math.max(line.start, next.start));
  }
  return out;
}

/** Whether the reviewer's starts go forwards (each at or after the previous one set). */
export function startsInOrder(starts: readonly (number | null)[]): boolean {
  let last = -1;
  for (const s of starts) {
    if (s === null) continue;
    if (s < last) return false;
    last = s;
  }
  return true;
}

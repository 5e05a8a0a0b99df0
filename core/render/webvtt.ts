/** WebVTT with karaoke cue timestamps (<HH:MM:SS.mmm> before each word), cues never overlapping. */
import type { TimedLine } from './timed-lines.ts';
import { srtTime } from './timing.ts';

/** WebVTT times are SRT's with a dot before the milliseconds. */
const vttTime = (seconds: number) => srtTime(seconds).replace(',', '.');

const escapeCue = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

export function renderWebVtt(lines: TimedLine[]): string {
  const cues = lines.map((line, i) => {
    const next = lines[i + 1];
    const end = next ? Math.min(Math.max(line.end, line.start + 0.2), next.start) : line.end;
    const body = line.words?.length
      ? line.words.map((w, k) => (k === 0 ? escapeCue(w.text) : `<${vttTime(w.start)}>${escapeCue(w.text)}`)).join(' ')
      : escapeCue(line.text);
    return `${vttTime(line.start)} --> ${vttTime(end)}\n${body}\n`;
  });
  return `WEBVTT\n\n${cues.join('\n')}`;
}

/** WebVTT with karaoke cue timestamps (<HH:MM:SS.mmm> before each word), cues never overlapping. */
import type { TimedLine } from './timed-lines.ts';

const vttTime = (seconds: number) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
};

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

/** TTML with word timing (the timed-text format Apple Music ingests): a <p> per line, a <span> per word. */
import type { TimedLine } from './timed-lines.ts';

const clock = (seconds: number) => `${Math.max(0, seconds).toFixed(3)}s`;
const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function renderTtml(lines: TimedLine[], language: string, durationSeconds?: number | null): string {
  const paragraphs = lines.map((l) => {
    const words = l.words?.length
      ? l.words
          .map((w) => `<span begin="${clock(w.start)}" end="${clock(w.end)}">${escapeXml(w.text)}</span>`)
          .join(' ')
      : escapeXml(l.text);
    return `      <p begin="${clock(l.start)}" end="${clock(l.end)}">${words}</p>`;
  });
  const dur = durationSeconds ? ` dur="${clock(durationSeconds)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="${escapeXml(language)}" xmlns:itunes="http://music.apple.com/lyric-ttml-internal">`,
    `  <body${dur}>`,
    '    <div>',
    ...paragraphs,
    '    </div>',
    '  </body>',
    '</tt>',
    '',
  ].join('\n');
}

/** Enhanced LRC: each line's [mm:ss.xx] followed by <mm:ss.xx> before every word (karaoke players). */

import { renderLrc } from './lrc.ts';
import type { TimedLine, TrackInfo } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export function renderEnhancedLrc(lines: TimedLine[], info: TrackInfo = {}): string {
  const withWords = lines.map((l) => ({
    ...l,
    text: l.words?.length
      ? `${l.words.map((w) => `<${lrcTime(w.start)}>${w.text}`).join(' ')} <${lrcTime(l.end)}>`
      : l.text,
  }));
  return renderLrc(withWords, info);
}

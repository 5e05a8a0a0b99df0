/** Enhanced LRC: each line's [mm:ss.xx] followed by <mm:ss.xx> before every word (karaoke players). */

import { lrcDocument, lrcText } from './lrc.ts';
import type { TimedLine, TrackInfo } from './timed-lines.ts';
import { lrcTime } from './timing.ts';

export function renderEnhancedLrc(lines: TimedLine[], info: TrackInfo = {}): string {
  const withWords = lines.map((l) => ({
    ...l,
    text: l.words?.length
      ? `${l.words.map((w) => `<${lrcTime(w.start)}>${lrcText(w.text)}`).join(' ')} <${lrcTime(l.end)}>`
      : lrcText(l.text),
  }));
  return lrcDocument(withWords, info);
}

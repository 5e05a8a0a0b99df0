/** Lyric lines for tests. */
import type { LyricLine } from '../../core/jobs/job.ts';

/** A line as transcription leaves it: its text and romanisation, no translation or timing yet. */
export const untimedLine = (text: string, fields: Partial<LyricLine> = {}): LyricLine => ({
  text,
  transliteration: text,
  translation: null,
  start: null,
  end: null,
  words: null,
  confidence: null,
  flagged: false,
  ...fields,
});

/**
 * A job's result texts are views of its lines: line i of the transcript, of the transliteration and
 * of the translation is line i of the job. They are derived here only, when the transcript is first
 * stored and whenever a reviewer changes the lines; the engine answers lines, not joined texts.
 */
import type { JobResults, LyricLine } from './job.ts';
import { translationText } from './translation.ts';

export type ResultTexts = Pick<JobResults, 'transcript' | 'transliteration' | 'translation'>;

export function resultTexts(lines: readonly LyricLine[]): ResultTexts {
  return {
    transcript: lines.map((line) => line.text).join('\n'),
    transliteration: lines.map((line) => line.transliteration).join('\n'),
    translation: translationText(lines),
  };
}

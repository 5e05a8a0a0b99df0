/**
 * Honest translations: the English translation has one line per transcript line, and a line the
 * model did not translate is never a silent blank. It is listed (results.untranslated_lines), the
 * job carries a `translation` entry in `degraded` (so job.degraded is sent), and the review page
 * marks the line. An English song needs no translation.
 */
import type { Degradation, LyricLine } from './job.ts';

export const TRANSLATION_COMPONENT = 'translation';

const needsTranslation = (language: string) => language !== 'English';

/** 0-based indexes of the lines with no translation; none for an English song. */
export function untranslatedLines(language: string, lines: readonly LyricLine[]): number[] {
  if (!needsTranslation(language)) return [];
  return lines.flatMap((line, i) => (line.text.trim() && !line.translation?.trim() ? [i] : []));
}

/** results.translation: line i is the translation of transcript line i, blank where there is none. */
export const translationText = (lines: readonly LyricLine[]): string =>
  lines.map((line) => line.translation?.trim() ?? '').join('\n');

/**
 * The job's degradations with the translation entry brought up to date: added while lines lack a
 * translation, removed once none do (a reviewer filled them in); every other entry kept.
 */
export function withTranslationGap(
  degraded: readonly Degradation[],
  language: string,
  lines: readonly LyricLine[],
): Degradation[] {
  const others = degraded.filter((d) => d.component !== TRANSLATION_COMPONENT);
  const missing = untranslatedLines(language, lines);
  if (missing.length === 0) return others;
  const which = missing.map((i) => i + 1).join(', ');
  return [
    ...others,
    {
      component: TRANSLATION_COMPONENT,
      reason: `${missing.length} of ${lines.length} lines have no English translation (line${missing.length === 1 ? '' : 's'} ${which}).`,
    },
  ];
}

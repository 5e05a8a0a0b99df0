/**
 * What a reviewer should look at first: the lines the machine is unsure of, and what it is unsure
 * about. The review page marks these rows, lists them at the top and steps through them (n / p).
 */
import type { JobRecord } from '../jobs/job.ts';
import { LANGUAGE_CHECK_COMPONENT } from '../jobs/language-check.ts';
import { unsureWords } from '../jobs/timings.ts';

/**
 * - flagged: the aligner doubts the line's timing (low confidence, no anchor, an implausible pace,
 *   or stray words gathered back to it), and no unsure word explains the flag;
 * - unsure_words: the recogniser is unsure of some of the line's words where they were placed;
 * - untimed: at the aligned gate, the line has no timing at all;
 * - suggestion: the second opinion heard the line differently;
 * - untranslated: the song is not in English and the line has no translation.
 */
export type DoubtKind = 'flagged' | 'unsure_words' | 'untimed' | 'suggestion' | 'untranslated';

export interface LineDoubt {
  /** 0-based line index. */
  line: number;
  kinds: DoubtKind[];
  /** With unsure_words: those words, in order. */
  words: string[];
}

/** Notes on the whole job rather than a line: a stage that fell back, or a substitute language model. */
export interface JobNotice {
  kind: 'fallback_language' | 'language_mismatch' | 'degraded';
  message: string;
}

export function lineDoubts(job: JobRecord): LineDoubt[] {
  const lines = job.lines ?? [];
  const timed = job.lifecycle.review_gate === 'aligned' || lines.some((l) => l.start !== null);
  const suggested = new Set((job.second_opinion?.suggestions ?? []).map((s) => s.line));
  const translates = job.language !== 'English';
  return lines.flatMap((line, index) => {
    const kinds: DoubtKind[] = [];
    const unsure = unsureWords(line).map((w) => w.word);
    // A line flagged for a word the recogniser is unsure of is marked by that word, not twice.
    if (unsure.length) kinds.push('unsure_words');
    else if (line.flagged) kinds.push('flagged');
    if (timed && line.start === null && line.text.trim() !== '') kinds.push('untimed');
    if (suggested.has(index)) kinds.push('suggestion');
    if (translates && !line.translation?.trim()) kinds.push('untranslated');
    return kinds.length ? [{ line: index, kinds, words: unsure }] : [];
  });
}

export function jobNotices(job: JobRecord): JobNotice[] {
  const notices: JobNotice[] = [];
  const fallback = job.results?.fallback_language;
  if (fallback) {
    notices.push({
      kind: 'fallback_language',
      message: `Heard with the ${fallback} model: there is no speech model for ${job.language}, so check the spelling of every line.`,
    });
  }
  const check = job.results?.language_check;
  if (check && !check.matches) {
    notices.push({
      kind: 'language_mismatch',
      message: `This sounds like ${check.detected} (probability ${check.probability}), not ${job.language}: check the song's language before approving.`,
    });
  }
  for (const d of job.degraded) {
    if (d.component === LANGUAGE_CHECK_COMPONENT && check && !check.matches) continue;
    notices.push({ kind: 'degraded', message: `${d.component} fell back: ${d.reason}` });
  }
  return notices;
}

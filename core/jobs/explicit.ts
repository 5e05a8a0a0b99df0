/**
 * Explicit content (results.explicit): true when the lyrics hold an entry of the language's
 * lexicon of explicit words, false when they hold none, and null, never false, for a language
 * with no lexicon: "we could not tell" is not "clean". A reviewer's word on the review page wins.
 */
import { normalisedWords } from '../text/words.ts';
import type { LyricLine } from './job.ts';

export interface Lexicon {
  /** Entries in lower case; a phrase is its words separated by single spaces. */
  entries: readonly string[];
  /** Written without spaces between words (Chinese, Japanese, Thai): entries are found as substrings. */
  unspaced: boolean;
}

const normalise = (text: string) => ` ${normalisedWords(text)} `;

/** Whether the lines (their text or their romanisation) hold an entry; null without a lexicon. */
export function explicitOf(lexicon: Lexicon | null, lines: readonly LyricLine[]): boolean | null {
  if (!lexicon) return null;
  const texts = lines.flatMap((l) => [l.text, l.transliteration]).map(normalise);
  return lexicon.entries.some((entry) => {
    const needle = lexicon.unspaced ? entry : ` ${normalise(entry).trim()} `;
    return texts.some((text) => text.includes(needle));
  });
}

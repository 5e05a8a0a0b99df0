/**
 * Lexicons of explicit words, by ISO 639 language code. Adapter: sinks/lexicons/naughty-words.ts
 * (the LDNOOBW lists, npm naughty-words).
 */
import type { Lexicon } from '../jobs/explicit.ts';

export interface ExplicitLexicons {
  /** The language's lexicon, or null where none is maintained. */
  forLanguage(code: string): Lexicon | null;
}

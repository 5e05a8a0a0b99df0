/**
 * The explicit-word lexicons of the "List of Dirty, Naughty, Obscene and Otherwise Bad Words"
 * (LDNOOBW, CC-BY-4.0) as the npm package naughty-words ships them, one JSON list per language.
 * Loaded on first use, kept for the process. The Hindi list is romanised, which is why the rule
 * also reads each line's romanisation.
 */
import { createRequire } from 'node:module';
import type { Lexicon } from '../../core/jobs/explicit.ts';
import type { ExplicitLexicons } from '../../core/ports/lexicons.ts';

const load = createRequire(import.meta.url);
const UNSPACED = new Set(['zh', 'ja', 'th']);

export class NaughtyWordsLexicons implements ExplicitLexicons {
  private lists: Record<string, string[]> | null = null;
  private readonly built = new Map<string, Lexicon>();

  /** The languages with a list (ISO 639 codes). */
  languages(): string[] {
    return Object.keys(this.all());
  }

  forLanguage(code: string): Lexicon | null {
    const cached = this.built.get(code);
    if (cached) return cached;
    const list = Object.hasOwn(this.all(), code) ? this.all()[code] : undefined;
    if (!list) return null;
    const lexicon = { entries: list.map((e) => e.toLowerCase()), unspaced: UNSPACED.has(code) };
    this.built.set(code, lexicon);
    return lexicon;
  }

  private all(): Record<string, string[]> {
    this.lists ??= load('naughty-words') as Record<string, string[]>;
    return this.lists;
  }
}

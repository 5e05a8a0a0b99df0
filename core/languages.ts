/** The 48 API languages, read from schemas/languages.json (shared with the speech engine). */
import table from '../schemas/languages.json' with { type: 'json' };

export interface LanguageEntry {
  name: string;
  family: string;
  group: 'indian' | 'global';
  code: string;
  scripts: string[];
  whisper: string | null;
  fallback_whisper: string | null;
  romanisation: string;
}

export const LANGUAGES: readonly LanguageEntry[] = table.languages as LanguageEntry[];

const byName = new Map(LANGUAGES.map((l) => [l.name, l]));

/** Exact, case-sensitive lookup: the spec accepts only the listed names. */
export function findLanguage(name: unknown): LanguageEntry | undefined {
  return typeof name === 'string' ? byName.get(name) : undefined;
}

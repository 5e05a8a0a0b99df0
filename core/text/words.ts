/**
 * The words of a lyric line, as every rule that compares lyrics reads them: lower case, NFC, split
 * at anything that is not a letter, a mark, a digit or an apostrophe. Marks belong to their word:
 * the vowel signs and viramas of Indic scripts (रात is र + ा + त) are marks, and a rule that drops
 * them cuts each word into loose consonants. A typographic apostrophe is the typewriter's (don’t is
 * don't).
 */
export function normalisedWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replaceAll('’', "'")
    .replace(/[^\p{L}\p{M}\p{N}']+/gu, ' ')
    .trim();
}

export function wordsOf(text: string): string[] {
  const normalised = normalisedWords(text);
  return normalised ? normalised.split(' ') : [];
}

/**
 * Characters no lyric text may carry: C0 controls other than tab, line feed and carriage return
 * (which are whitespace, and a line's whitespace is collapsed to spaces), DEL and the C1 controls,
 * the noncharacters U+FFFE and U+FFFF, and lone surrogates. XML 1.0 refuses most of them (a TTML
 * file holding one is not XML), no player shows any, and NUL ends a string in C readers.
 */
const UNWRITABLE_CLASS = String.raw`[[\p{Cc}\p{Cs}\uFFFE\uFFFF]--[\t\n\r]]`;
const UNWRITABLE = new RegExp(UNWRITABLE_CLASS, 'v');
const UNWRITABLE_ALL = new RegExp(UNWRITABLE_CLASS, 'gv');

export const hasUnwritableCharacters = (text: string): boolean => UNWRITABLE.test(text);

/**
 * Text as a timed file may carry it: the unwritable characters dropped (a vertical tab or form feed
 * counts as a space) and every run of whitespace (line breaks included, which would start a line or
 * cue of their own) one space.
 */
export const writableLine = (text: string): string =>
  text
    .replace(UNWRITABLE_ALL, (c) => (/\s/.test(c) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim();

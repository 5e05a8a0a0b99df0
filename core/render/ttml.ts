/**
 * TTML with word timing, in the shape Apple Music's lyric TTML takes (W3C TTML1 plus its iTunes
 * extensions, which the TTML1 schema admits as foreign attributes and metadata):
 *  - a <div> per song section, with its part in itunes:song-part (Verse, Chorus, ...); an
 *    instrumental break is an empty <div> with its times;
 *  - a <p> per timed line keyed L1, L2, ... (itunes:key), sung by agent v1, a <span> per word;
 *  - the English translation and the romanisation in <head>, under <iTunesMetadata>, one <text>
 *    per line pointing at its key; the romanisation keeps the words' timings.
 * The romanised file carries the romanised words in the body and the translation in the head.
 */
import type { LyricLine } from '../jobs/job.ts';
import type { Section, SectionLabel } from '../jobs/sections.ts';
import { writableLine } from '../text/characters.ts';
import { type TimedLine, timedLines, type Variant } from './timed-lines.ts';

export interface TtmlSong {
  lines: readonly LyricLine[];
  variant: Variant;
  /** BCP-47 code of the song's language (e.g. "hi"); the romanised body is tagged "<code>-Latn". */
  languageCode: string;
  /** The language is written in Latin script, so its romanisation is the text itself and is left out. */
  latinScript: boolean;
  sections: readonly Section[] | null;
  durationSeconds: number | null;
}

const APPLE_NAMESPACE = 'http://music.apple.com/lyric-ttml-internal';
const SONG_PARTS: Record<SectionLabel, string> = {
  intro: 'Intro',
  verse: 'Verse',
  chorus: 'Chorus',
  bridge: 'Bridge',
  outro: 'Outro',
  instrumental: 'Instrumental',
};

const clock = (seconds: number) => `${Math.max(0, seconds).toFixed(3)}s`;
/** Text as XML carries it: one line, no character XML 1.0 refuses (core/text/characters.ts), markup escaped. */
const escapeXml = (text: string) =>
  writableLine(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
const timing = (start: number, end: number) => `begin="${clock(start)}" end="${clock(end)}"`;

/** A line's words as timed spans, or its text where it has no word timings. */
const wordSpans = (line: TimedLine) =>
  line.words?.length
    ? line.words.map((w) => `<span ${timing(w.start, w.end)}>${escapeXml(w.text)}</span>`).join(' ')
    : escapeXml(line.text);

interface KeyedLine {
  key: string;
  index: number;
  body: TimedLine;
  romanised: TimedLine;
  translation: string | null;
}

/** The timed lines, keyed L1, L2, ... in order (keys are continuous, as players expect). */
function keyedLines(song: TtmlSong): KeyedLine[] {
  const timedIndexes = song.lines.flatMap((l, i) => (l.start !== null && l.end !== null ? [i] : []));
  const body = timedLines(song.lines, song.variant);
  const romanised = timedLines(song.lines, 'transliterated');
  return timedIndexes.map((index, k) => ({
    key: `L${k + 1}`,
    index,
    body: body[k]!,
    romanised: romanised[k]!,
    translation: song.lines[index]!.translation?.trim() || null,
  }));
}

function head(song: TtmlSong, lines: KeyedLine[]): string[] {
  const translated = song.languageCode === 'en' ? [] : lines.filter((l) => l.translation);
  const romanised = song.variant === 'original' && !song.latinScript ? lines : [];
  const apple: string[] = [];
  if (translated.length > 0) {
    apple.push(
      '        <translations>',
      '          <translation type="subtitle" xml:lang="en">',
      ...translated.map((l) => `            <text for="${l.key}">${escapeXml(l.translation!)}</text>`),
      '          </translation>',
      '        </translations>',
    );
  }
  if (romanised.length > 0) {
    apple.push(
      '        <transliterations>',
      `          <transliteration xml:lang="${escapeXml(song.languageCode)}-Latn">`,
      ...romanised.map((l) => `            <text for="${l.key}">${wordSpans(l.romanised)}</text>`),
      '          </transliteration>',
      '        </transliterations>',
    );
  }
  return [
    '  <head>',
    '    <metadata>',
    '      <ttm:agent type="person" xml:id="v1"/>',
    ...(apple.length > 0
      ? [`      <iTunesMetadata xmlns="${APPLE_NAMESPACE}">`, ...apple, '      </iTunesMetadata>']
      : []),
    '    </metadata>',
    '  </head>',
  ];
}

const paragraph = (l: KeyedLine) =>
  `      <p ${timing(l.body.start, l.body.end)} itunes:key="${l.key}" ttm:agent="v1">${wordSpans(l.body)}</p>`;

/** One <div> per section; without sections (lines not all timed), one <div> holds every line. */
function divisions(song: TtmlSong, lines: KeyedLine[]): string[] {
  if (!song.sections?.length) return lines.length > 0 ? ['    <div>', ...lines.map(paragraph), '    </div>'] : [];
  return song.sections.flatMap((section) => {
    const part = section.label ? ` itunes:song-part="${SONG_PARTS[section.label]}"` : '';
    const open = `    <div ${timing(section.start, section.end)}${part}`;
    if (section.first_line === null || section.last_line === null) return [`${open}/>`];
    const inside = lines.filter((l) => l.index >= section.first_line! && l.index <= section.last_line!);
    return [`${open}>`, ...inside.map(paragraph), '    </div>'];
  });
}

export function renderTtml(song: TtmlSong): string {
  const lines = keyedLines(song);
  const language = song.variant === 'original' ? song.languageCode : `${song.languageCode}-Latn`;
  const dur = song.durationSeconds ? ` dur="${clock(song.durationSeconds)}"` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:itunes="${APPLE_NAMESPACE}" itunes:timing="Word" xml:lang="${escapeXml(language)}">`,
    ...head(song, lines),
    `  <body${dur}>`,
    ...divisions(song, lines),
    '  </body>',
    '</tt>',
    '',
  ].join('\n');
}

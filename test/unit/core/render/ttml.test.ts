/**
 * TTML downloads as a store reads them: valid against the W3C TTML1 schema, a <div> per song part,
 * a keyed <p> per line with a <span> per word, and the translation and the romanisation in the
 * head the way Apple Music's lyric TTML carries them. Rendered through the download path.
 */
import { describe, expect, it } from 'vitest';
import type { JobRecord, LyricLine } from '../../../../core/jobs/job.ts';
import { outputFormat } from '../../../../core/render/outputs.ts';
import type { Variant } from '../../../../core/render/timed-lines.ts';
import { hasUnwritableCharacters } from '../../../../core/text/characters.ts';
import { APPLE, parseTtml, TT, ttmlSchemaErrors } from '../../../support/ttml.ts';

const line = (text: string, romanised: string, translation: string | null, start: number, end: number): LyricLine => {
  const words = text.split(' ');
  const step = (end - start) / words.length;
  return {
    text,
    transliteration: romanised,
    translation,
    start,
    end,
    words: words.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step, confidence: 0.9 })),
    confidence: 0.9,
    flagged: false,
  };
};

// A verse, a three-line chorus, a 20 s break, the chorus again. The chorus's last line is untranslated.
const chorus = (from: number) => [
  line('दिल मेरा गाए', 'dil mērā gāe', 'my heart sings', from, from + 2),
  line('तेरा नाम & तू', 'tērā nām & tū', 'your name & you', from + 2.5, from + 4.5),
  line('फिर से आ', 'phir se ā', null, from + 5, from + 7),
];
const lines = [line('सुबह की धूप', 'subah kī dhūp', "the morning's sun", 1, 3), ...chorus(4), ...chorus(31)];
const job = (language: string, ls: LyricLine[]) =>
  ({ language, duration_seconds: 45, lines: ls, results: { transcript: 'x' } }) as unknown as JobRecord;
const render = (j: JobRecord, variant: Variant) => outputFormat('ttml')!.render(j, variant);
const attr = (e: { getAttribute(n: string): string | null }, name: string) => e.getAttribute(name);

describe.each(['original', 'transliterated'] as const)('the %s TTML', (variant) => {
  const ttml = render(job('Hindi', lines), variant);
  const { all, doc } = parseTtml(ttml);

  it('is valid TTML1 (W3C schema, xmllint)', async () => {
    expect(await ttmlSchemaErrors(ttml)).toEqual([]);
  });

  it('has a <div> per song part, with the instrumental break as an empty <div> with its times', () => {
    const divs = all(TT, 'div').map((d) => [
      d.getAttributeNS(APPLE, 'song-part'),
      attr(d, 'begin'),
      attr(d, 'end'),
      d.getElementsByTagNameNS(TT, 'p').length,
    ]);
    expect(divs).toEqual([
      ['Verse', '1.000s', '3.000s', 1],
      ['Chorus', '4.000s', '11.000s', 3],
      ['Instrumental', '11.000s', '31.000s', 0],
      ['Chorus', '31.000s', '38.000s', 3],
    ]);
  });

  it('keys every line L1.. in order, sung by agent v1, a timed <span> per word', () => {
    const ps = all(TT, 'p');
    expect(ps.map((p) => p.getAttributeNS(APPLE, 'key'))).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7']);
    expect(ps.every((p) => p.getAttributeNS('http://www.w3.org/ns/ttml#metadata', 'agent') === 'v1')).toBe(true);
    const second = ps[2]!;
    const spans = Array.from(second.getElementsByTagNameNS(TT, 'span'));
    const expected = variant === 'original' ? ['तेरा', 'नाम', '&', 'तू'] : ['tērā', 'nām', '&', 'tū'];
    expect(spans.map((s) => s.textContent)).toEqual(expected);
    expect(spans.map((s) => attr(s, 'begin'))).toEqual(['6.500s', '7.000s', '7.500s', '8.000s']);
    expect(doc.documentElement!.getAttribute('xml:lang')).toBe(variant === 'original' ? 'hi' : 'hi-Latn');
  });

  it('carries the English translation by key, and leaves out the line that has none', () => {
    const translation = all(APPLE, 'translation');
    expect(translation.map((t) => [attr(t, 'type'), attr(t, 'xml:lang')])).toEqual([['subtitle', 'en']]);
    const texts = all(APPLE, 'text', translation[0]!).map((t) => [attr(t, 'for'), t.textContent]);
    expect(texts).toEqual([
      ['L1', "the morning's sun"],
      ['L2', 'my heart sings'],
      ['L3', 'your name & you'],
      ['L5', 'my heart sings'],
      ['L6', 'your name & you'],
    ]);
  });

  it('carries the timed romanisation in the original-script file only', () => {
    const transliterations = all(APPLE, 'transliteration');
    if (variant === 'transliterated') {
      expect(transliterations).toEqual([]);
      return;
    }
    expect(transliterations.map((t) => attr(t, 'xml:lang'))).toEqual(['hi-Latn']);
    const first = all(APPLE, 'text', transliterations[0]!)[0]!;
    expect(attr(first, 'for')).toBe('L1');
    const spans = Array.from(first.getElementsByTagNameNS(APPLE, 'span'));
    expect(spans.map((s) => [s.textContent, attr(s, 'begin')])).toEqual([
      ['subah', '1.000s'],
      ['kī', '1.667s'],
      ['dhūp', '2.333s'],
    ]);
  });
});

describe('TTML of text that XML refuses', () => {
  it('is still valid TTML1 when a line, a word or a translation holds NUL, an escape or U+FFFF', async () => {
    const bad = [
      line('दिल\u0000 मेरा', 'dil\u001b mērā', 'my\uffff heart', 1, 3),
      line('फिर से', 'phir se', 'again\u0001', 4, 6),
    ];
    for (const variant of ['original', 'transliterated'] as const) {
      const ttml = render(job('Hindi', bad), variant);
      expect(hasUnwritableCharacters(ttml)).toBe(false);
      expect(await ttmlSchemaErrors(ttml)).toEqual([]);
    }
  });
});

describe('TTML for other songs', () => {
  it('an English song carries no translation, a Latin-script song no romanisation', async () => {
    const english = render(job('English', [line('hello there', 'hello there', 'hello there', 1, 2)]), 'original');
    expect(await ttmlSchemaErrors(english)).toEqual([]);
    expect(english).not.toContain('<translations>');
    expect(english).not.toContain('<transliterations>');
    expect(english).not.toContain('iTunesMetadata');
  });

  it('a line the aligner could not time is left out, and the other lines stay valid and keyed in order', async () => {
    const untimed = { ...line('बीच में', 'bīc mẽ', null, 0, 0), start: null, end: null, words: null };
    const ttml = render(job('Hindi', [lines[0]!, untimed, lines[1]!]), 'original');
    expect(await ttmlSchemaErrors(ttml)).toEqual([]);
    const keys = parseTtml(ttml)
      .all(TT, 'p')
      .map((p) => p.getAttributeNS(APPLE, 'key'));
    expect(keys).toEqual(['L1', 'L2']);
  });

  it('the schema check itself refuses a document that breaks TTML1', async () => {
    const broken = render(job('Hindi', lines), 'original').replace('<body', '<body><bogus/>');
    expect((await ttmlSchemaErrors(broken)).join('\n')).toMatch(/bogus/);
  });
});

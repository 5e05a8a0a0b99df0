/**
 * The timed files as players read them: each one rendered through the download path and parsed
 * back with a published parser (clrc for LRC and enhanced LRC, subtitle for SRT, the W3C
 * validator's webvtt-parser for WebVTT), in both scripts, with an instrumental break inside.
 * What the parser reads must be what we meant: every line, its time and its words.
 */
import { parseEnhanced, parse as parseLrc } from 'clrc';
import { parseSync as parseSubtitles } from 'subtitle';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import type { JobRecord, LyricLine } from '../../../../core/jobs/job.ts';
import { INSTRUMENTAL_CUE } from '../../../../core/render/instrumental.ts';
import { outputFormat } from '../../../../core/render/outputs.ts';
import type { Variant } from '../../../../core/render/timed-lines.ts';
import { hasUnwritableCharacters } from '../../../../core/text/characters.ts';

const line = (text: string, romanised: string, start: number, end: number): LyricLine => {
  const words = text.split(' ');
  const step = (end - start) / words.length;
  return {
    text,
    transliteration: romanised,
    translation: null,
    start,
    end,
    words: words.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step, confidence: 0.9 })),
    confidence: 0.9,
    flagged: false,
  };
};

// A 20 s break between the second and third lines: an instrumental passage.
const lines = [
  line('दिल कमल', 'dil kamal', 1.5, 3),
  line('मेरा गीत', 'mērā gīt', 3.5, 5),
  line('फिर से', 'phir se', 25, 27),
];
const job = { language: 'Hindi', duration_seconds: 40, lines } as unknown as JobRecord;
const render = (type: string, variant: Variant) => outputFormat(type)!.render(job, variant);
const textOf = (l: LyricLine, variant: Variant) => (variant === 'original' ? l.text : l.transliteration);
const ms = (seconds: number) => Math.round(seconds * 1000);

describe.each(['original', 'transliterated'] as const)('players read the %s files', (variant) => {
  it('LRC (clrc): every line at its time, an empty line where the singing stops, nothing invalid', () => {
    const parsed = parseLrc(render('lrc', variant));
    // (A blank line, such as the one after the final newline, is what clrc calls invalid; it is no content.)
    expect(parsed.filter((l) => l.type === 'invalid' && l.raw.trim() !== '')).toEqual([]);
    const lyrics = parsed.flatMap((l) => (l.type === 'lyric' ? [[l.startMillisecond, l.content]] : []));
    expect(lyrics).toEqual([
      [ms(1.5), textOf(lines[0]!, variant)],
      [ms(3.5), textOf(lines[1]!, variant)],
      [ms(5), ''],
      [ms(25), textOf(lines[2]!, variant)],
    ]);
  });

  it('enhanced LRC (clrc): every word at its time', () => {
    const parsed = parseEnhanced(render('elrc', variant));
    const words = parsed.flatMap((l) =>
      l.type === 'enhanced_lyric'
        ? l.words.filter((w) => w.content.trim()).map((w) => [w.startMillisecond, w.content.trim()])
        : [],
    );
    const romanised = (l: LyricLine) =>
      variant === 'original' ? l.words!.map((w) => w.word) : l.transliteration.split(' ');
    expect(words).toEqual(lines.flatMap((l) => l.words!.map((w, i) => [ms(w.start), romanised(l)[i]])));
  });

  it('SRT (subtitle): one cue per line and one for the instrumental break, in order', () => {
    const cues = parseSubtitles(render('srt', variant)).flatMap((n) => (n.type === 'cue' ? [n.data] : []));
    expect(cues.map((c) => [c.start, c.end, c.text])).toEqual([
      [ms(1.5), ms(3), textOf(lines[0]!, variant)],
      [ms(3.5), ms(5), textOf(lines[1]!, variant)],
      [ms(5), ms(25), INSTRUMENTAL_CUE],
      [ms(25), ms(27), textOf(lines[2]!, variant)],
    ]);
  });

  it('WebVTT (the W3C validator’s parser): no error, the same cues', () => {
    const tree = new WebVTTParser().parse(render('vtt', variant), 'metadata');
    expect(tree.errors).toEqual([]);
    const cues = tree.cues.map((c) => [ms(c.startTime), ms(c.endTime), c.text.replace(/<[^>]+>/g, '').trim()]);
    expect(cues).toEqual([
      [ms(1.5), ms(3), textOf(lines[0]!, variant)],
      [ms(3.5), ms(5), textOf(lines[1]!, variant)],
      [ms(5), ms(25), INSTRUMENTAL_CUE],
      [ms(25), ms(27), textOf(lines[2]!, variant)],
    ]);
  });
});

describe('lyrics that look like markup are read back as text', () => {
  // Each line's first word carries what a reader of some format would parse.
  const tricky = [
    line('[00:01.00] उठो', '[00:01.00] utho', 1, 3),
    line('<00:02.00>जागो अब', '<00:02.00>jāgo ab', 3.5, 5),
    line('00:00:01,000 --> 00:00:09,000', '00:00:01,000 --> 00:00:09,000', 5.5, 7),
    line('<b>bold</b> <font color="red">red</font>', '<b>bold</b> <font color="red">red</font>', 7.5, 9),
    line('{\\an8}ऊपर', '{\\an8}upar', 9.5, 11),
    line('nul\u0000 here\u000bnow', 'nul\u0000 here\u000bnow', 11.5, 13),
  ];
  const trickyJob = { language: 'Hindi', duration_seconds: 14, lines: tricky } as unknown as JobRecord;
  const renderTricky = (type: string) => outputFormat(type)!.render(trickyJob, 'original');

  it('LRC: one time per line, the text as sung, no control character', () => {
    const text = renderTricky('lrc');
    expect(hasUnwritableCharacters(text)).toBe(false);
    const lyrics = parseLrc(text).flatMap((l) => (l.type === 'lyric' ? [[l.startMillisecond, l.content]] : []));
    expect(lyrics.map(([at]) => at)).toEqual(tricky.map((l) => ms(l.start!)));
    expect(lyrics[0]![1]).toBe('［00:01.00］ उठो');
    expect(lyrics[5]![1]).toBe('nul here now');
  });

  it('enhanced LRC: a time per word and no other', () => {
    const parsed = parseEnhanced(renderTricky('elrc'));
    const words = parsed.flatMap((l) => (l.type === 'enhanced_lyric' ? l.words.filter((w) => w.content.trim()) : []));
    expect(words.map((w) => w.startMillisecond)).toEqual(tricky.flatMap((l) => l.words!.map((w) => ms(w.start))));
  });

  it('SRT: one cue per line, no tags a player renders, no timing line in a cue', () => {
    const cues = parseSubtitles(renderTricky('srt')).flatMap((n) => (n.type === 'cue' ? [n.data] : []));
    expect(cues.map((c) => c.start)).toEqual(tricky.map((l) => ms(l.start!)));
    for (const cue of cues) expect(cue.text).not.toMatch(/[<>]|-->|\{\\/);
    expect(cues[3]!.text).toBe('＜b＞bold＜/b＞ ＜font color="red"＞red＜/font＞');
  });

  it('WebVTT: no parse error, one cue per line', () => {
    const tree = new WebVTTParser().parse(renderTricky('vtt'), 'metadata');
    expect(tree.errors).toEqual([]);
    expect(tree.cues).toHaveLength(tricky.length);
  });

  it('words JSON and TTML carry no control character', () => {
    expect(JSON.stringify(renderTricky('words'))).not.toMatch(/\\u0000|\\u000b/);
    expect(hasUnwritableCharacters(renderTricky('ttml'))).toBe(false);
  });
});

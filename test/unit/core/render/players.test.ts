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

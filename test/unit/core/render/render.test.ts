import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/jobs/job.ts';
import { renderLrc } from '../../../../core/render/lrc.ts';
import { renderSrt } from '../../../../core/render/srt.ts';
import { timedLines } from '../../../../core/render/timed-lines.ts';
import { lrcTime, srtTime } from '../../../../core/render/timing.ts';
import { renderWords } from '../../../../core/render/words.ts';

const line = (
  text: string,
  translit: string,
  start: number | null,
  end: number | null,
  words?: [string, number, number, number?][],
): LyricLine => ({
  text,
  transliteration: translit,
  translation: null,
  start,
  end,
  words: words
    ? words.map(([word, s, e, c]) => ({ word, start: s, end: e, ...(c === undefined ? {} : { confidence: c }) }))
    : null,
  confidence: 0.9,
  flagged: false,
});

const lines = [
  line('दिल कमल', 'dil kamal', 12.34, 15.5, [
    ['दिल', 12.34, 13, 0.91],
    ['कमल', 13.1, 15.5, 0.08],
  ]),
  line('मेरा गीत', 'mērā gīt', 15.2, 18, [
    ['मेरा', 15.2, 16],
    ['गीत', 16.1, 18],
  ]),
  line('not yet timed', 'not yet timed', null, null),
];

/** Parses our own LRC back into [seconds, text]. */
function parseLrc(lrc: string): [number, string][] {
  return lrc
    .split('\n')
    .filter((l) => /^\[\d\d:\d\d\.\d\d\]/.test(l))
    .map((l) => {
      const m = /^\[(\d\d):(\d\d)\.(\d\d)\](.*)$/.exec(l)!;
      return [Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 100, m[4]!];
    });
}

function parseSrt(srt: string): { n: number; start: number; end: number; text: string }[] {
  const t = (s: string) => {
    const [h, m, rest] = s.split(':');
    const [sec, ms] = rest!.split(',');
    return Number(h) * 3600 + Number(m) * 60 + Number(sec) + Number(ms) / 1000;
  };
  return srt
    .trim()
    .split('\n\n')
    .map((cue) => {
      const [n, times, ...text] = cue.split('\n');
      const [a, b] = times!.split(' --> ');
      return { n: Number(n), start: t(a!), end: t(b!), text: text.join('\n') };
    });
}

describe('time formats', () => {
  it.each([
    [0, '00:00.00', '00:00:00,000'],
    [61.234, '01:01.23', '00:01:01,234'],
    [3725.5, '62:05.50', '01:02:05,500'],
  ])('%d s', (s, lrc, srt) => {
    expect(lrcTime(s)).toBe(lrc);
    expect(srtTime(s)).toBe(srt);
  });
});

describe('LRC', () => {
  it('renders tags and one [mm:ss.xx] line per timed line, and round-trips', () => {
    const lrc = renderLrc(timedLines(lines, 'original'), { title: 'Gīt', artist: 'A', durationSeconds: 200 });
    expect(lrc.split('\n').slice(0, 3)).toEqual(['[ti:Gīt]', '[ar:A]', '[length:03:20]']);
    expect(parseLrc(lrc)).toEqual([
      [12.34, 'दिल कमल'],
      [15.2, 'मेरा गीत'],
      [18, ''], // the singing stops 182 s before the end: an empty line clears the display
    ]);
  });

  it('the romanised variant shares the original timings', () => {
    const o = parseLrc(renderLrc(timedLines(lines, 'original')));
    const r = parseLrc(renderLrc(timedLines(lines, 'transliterated')));
    expect(r.map(([t]) => t)).toEqual(o.map(([t]) => t));
    expect(r.map(([, text]) => text)).toEqual(['dil kamal', 'mērā gīt']);
  });
});

describe('SRT', () => {
  it('numbers cues, keeps times monotonic and never overlaps', () => {
    const cues = parseSrt(renderSrt(timedLines(lines, 'original')));
    expect(cues.map((c) => c.n)).toEqual([1, 2]);
    expect(cues[0]!.end).toBeLessThanOrEqual(cues[1]!.start);
    for (const c of cues) expect(c.end).toBeGreaterThan(c.start);
    expect(cues[1]).toMatchObject({ start: 15.2, end: 18, text: 'मेरा गीत' });
  });
});

describe('words JSON', () => {
  it('gives one entry per word with a bracketed start and end and its confidence, romanised words on the same times', () => {
    expect(renderWords(timedLines(lines, 'original'))).toEqual([
      { word: 'दिल', timestamp: '[00:12.34]', end: '[00:13.00]', confidence: 0.91 },
      { word: 'कमल', timestamp: '[00:13.10]', end: '[00:15.50]', confidence: 0.08 },
      // Timed before words carried a confidence: null, not a guess.
      { word: 'मेरा', timestamp: '[00:15.20]', end: '[00:16.00]', confidence: null },
      { word: 'गीत', timestamp: '[00:16.10]', end: '[00:18.00]', confidence: null },
    ]);
    expect(renderWords(timedLines(lines, 'transliterated')).map((w) => w.word)).toEqual([
      'dil',
      'kamal',
      'mērā',
      'gīt',
    ]);
  });
});

describe('additive formats', () => {
  it('enhanced LRC tags every word and the line end', async () => {
    const { renderEnhancedLrc } = await import('../../../../core/render/enhanced-lrc.ts');
    expect(renderEnhancedLrc(timedLines(lines, 'transliterated')).split('\n')[0]).toBe(
      '[00:12.34]<00:12.34>dil <00:13.10>kamal <00:15.50>',
    );
  });

  it('WebVTT has karaoke word timestamps and non-overlapping cues', async () => {
    const { renderWebVtt } = await import('../../../../core/render/webvtt.ts');
    const vtt = renderWebVtt(timedLines(lines, 'original'));
    expect(vtt.startsWith('WEBVTT\n\n00:00:12.340 --> 00:00:15.200\nदिल <00:00:13.100>कमल\n')).toBe(true);
  });
});

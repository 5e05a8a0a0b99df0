/** Instrumental passages in the timed files: whole instrumental tracks and long breaks inside songs. */
import { describe, expect, it } from 'vitest';
import { INSTRUMENTAL_CUE, instrumentalSpans, withInstrumentalCues } from '../../../../core/render/instrumental.ts';
import { renderLrc } from '../../../../core/render/lrc.ts';
import { renderSrt } from '../../../../core/render/srt.ts';
import type { TimedLine } from '../../../../core/render/timed-lines.ts';
import { renderWebVtt } from '../../../../core/render/webvtt.ts';

const line = (text: string, start: number, end: number): TimedLine => ({ text, start, end, words: null });
const song = [line('first', 2, 5), line('second', 6, 9), line('after the solo', 30, 33)];

describe('instrumentalSpans', () => {
  it('marks breaks over 15 s, before, between and after the lines, and nothing shorter', () => {
    expect(instrumentalSpans(song, 34)).toEqual([{ start: 9, end: 30 }]);
    expect(instrumentalSpans([line('late', 20, 22)], 60)).toEqual([
      { start: 0, end: 20 },
      { start: 22, end: 60 },
    ]);
    expect(instrumentalSpans([line('a', 0, 5), line('b', 19.9, 21)], 30)).toEqual([]);
  });

  it('makes a track without lines one instrumental passage, or none when its length is unknown', () => {
    expect(instrumentalSpans([], 40)).toEqual([{ start: 0, end: 40 }]);
    expect(instrumentalSpans([], null)).toEqual([]);
  });

  it('measures a break from the end of the latest line, not of an earlier longer one', () => {
    expect(instrumentalSpans([line('long', 0, 20), line('inside', 5, 6), line('next', 30, 31)], 31)).toEqual([]);
  });
});

describe('the timed files', () => {
  it('LRC clears the display where the singing stops before a long break', () => {
    expect(renderLrc(song, { durationSeconds: 34 })).toBe(
      '[length:00:34]\n[00:02.00]first\n[00:06.00]second\n[00:09.00]\n[00:30.00]after the solo\n',
    );
  });

  it('SRT and WebVTT show an instrumental cue during the break', () => {
    const cued = withInstrumentalCues(song, 34);
    expect(cued.map((l) => l.text)).toEqual(['first', 'second', INSTRUMENTAL_CUE, 'after the solo']);
    expect(renderSrt(cued)).toContain(`3\n00:00:09,000 --> 00:00:30,000\n${INSTRUMENTAL_CUE}\n`);
    expect(renderWebVtt(cued)).toContain(`00:00:09.000 --> 00:00:30.000\n${INSTRUMENTAL_CUE}\n`);
  });

  it('an instrumental track gives a valid LRC with no line, and one cue in subtitles', () => {
    expect(renderLrc([], { durationSeconds: 40 })).toBe('[length:00:40]\n');
    expect(renderSrt(withInstrumentalCues([], 40))).toBe(`1\n00:00:00,000 --> 00:00:40,000\n${INSTRUMENTAL_CUE}\n`);
  });
});

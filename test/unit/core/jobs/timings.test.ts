/**
 * Aligned lines take the engine's timings, and its flags, as given: the engine's verdict is the one
 * verdict, and the words it doubts are the ones the review page marks.
 */

import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/jobs/job.ts';
import { unsureWords, withTimings } from '../../../../core/jobs/timings.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const w = (word: string, start: number, end: number) => ({ word, start, end });

describe('withTimings', () => {
  const line: LyricLine = untimedLine('And the morning comes again');

  it('keeps the words where the engine put them: held notes seconds apart stay apart', () => {
    // Four held "ooh"s, 8 s each: the engine leaves lines of held vowels spread (vocalise.py), and
    // gathers the strays of any other line itself (strays.py); nothing here moves them again.
    const held = [w('ooh', 10, 17.5), w('ooh', 18, 25.5), w('ooh', 26, 33.5), w('ooh', 34, 41.5)];
    const [timed] = withTimings([untimedLine('ooh ooh ooh ooh')], {
      lines: [{ start: 10, end: 41.5, confidence: 0.6, flagged: false, words: held }],
    });
    expect(timed).toMatchObject({ start: 10, end: 41.5, words: held, flagged: false });
  });

  it('takes each line’s flag from the engine, low scores or not', () => {
    const timed = withTimings([line, line], {
      lines: [
        { start: 1, end: 3, confidence: 0.9, flagged: true, words: [w('And', 1, 3)] },
        { start: 4, end: 6, confidence: 0.1, flagged: false, words: [{ ...w('the', 4, 6), confidence: 0.01 }] },
      ],
    });
    expect(timed.map((l) => l.flagged)).toEqual([true, false]);
  });
});

describe('unsureWords', () => {
  it('names the words the engine marked unsure, and no word it did not score', () => {
    const words = [
      { ...w('sure', 1, 1.5), confidence: 0.9, unsure: false },
      { ...w('mumbled', 1.5, 2), confidence: 0.02, unsure: true },
      w('unscored', 2, 2.5),
    ];
    expect(unsureWords({ words }).map((x) => x.word)).toEqual(['mumbled']);
    expect(unsureWords({ words: null })).toEqual([]);
  });
});

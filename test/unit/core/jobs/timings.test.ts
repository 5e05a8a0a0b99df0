/**
 * Aligned lines take the engine's timings as given; a line the engine did not time, one it flagged,
 * and one with a word the recogniser is unsure of are flagged.
 */

import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/jobs/job.ts';
import { LOW_WORD_CONFIDENCE, withTimings } from '../../../../core/jobs/timings.ts';
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

  it('flags a line the engine did not time, and one it flagged', () => {
    const timed = withTimings([line, line], {
      lines: [{ start: 1, end: 3, confidence: 0.2, flagged: true, words: [w('And', 1, 3)] }],
    });
    expect(timed.map((l) => l.flagged)).toEqual([true, true]);
    expect(timed[1]).toMatchObject({ start: null, words: null });
  });

  it('flags a line with a word below the confidence bound, and only then', () => {
    const timed = (confidence: number | undefined) =>
      withTimings([line], {
        lines: [
          {
            start: 1,
            end: 3,
            confidence: 0.8,
            flagged: false,
            words: [
              { ...w('And', 1, 1.5), confidence: 0.9 },
              { ...w('the', 1.5, 3), ...(confidence === undefined ? {} : { confidence }) },
            ],
          },
        ],
      })[0]!;
    expect(timed(LOW_WORD_CONFIDENCE / 2).flagged).toBe(true);
    expect(timed(LOW_WORD_CONFIDENCE).flagged).toBe(false);
    expect(timed(undefined).flagged).toBe(false); // no confidence is no doubt
    expect(timed(LOW_WORD_CONFIDENCE / 2).words![1]!.confidence).toBe(LOW_WORD_CONFIDENCE / 2);
  });
});

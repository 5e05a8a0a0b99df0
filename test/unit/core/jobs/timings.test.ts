/**
 * Derailed lines: words of one line placed seconds apart by the aligner are mended and flagged; a
 * line with a word the recogniser is unsure of is flagged.
 */

import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../../core/jobs/job.ts';
import { LOW_WORD_CONFIDENCE, mendDerailedWords, withTimings } from '../../../../core/jobs/timings.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const w = (word: string, start: number, end: number) => ({ word, start, end });

describe('mendDerailedWords', () => {
  it('leaves a line whose words follow each other alone, pauses of up to 4 s included', () => {
    expect(mendDerailedWords([w('a', 1, 1.5), w('b', 5.4, 6), w('c', 6.1, 6.5)])).toBeNull();
  });

  it('sets stray leading words just before the line’s main run, at its pace', () => {
    const mended = mendDerailedWords([
      w('And', 12.38, 12.43),
      w('the', 12.43, 12.5),
      w('morning', 22.19, 22.45),
      w('comes', 22.45, 22.81),
      w('again', 22.81, 23.4),
    ])!;
    expect(mended.map((x) => x.word)).toEqual(['And', 'the', 'morning', 'comes', 'again']);
    expect(mended[0]!.start).toBeCloseTo(22.19 - 2 * 0.36, 5);
    expect(mended[1]!.end).toBeCloseTo(22.19, 5);
    expect(mended.slice(2)).toEqual([w('morning', 22.19, 22.45), w('comes', 22.45, 22.81), w('again', 22.81, 23.4)]);
  });

  it('sets stray trailing words just after the main run', () => {
    const mended = mendDerailedWords([
      w('one', 1, 1.4),
      w('two', 1.4, 1.8),
      w('three', 1.8, 2.2),
      w('four', 30, 30.2),
    ])!;
    expect(mended[3]!.start).toBeCloseTo(2.2, 5);
    expect(mended[3]!.end).toBeCloseTo(2.6, 5);
  });
});

describe('withTimings', () => {
  const line: LyricLine = untimedLine('And the morning comes again');

  it('flags a mended line and starts it with its first mended word', () => {
    const [timed] = withTimings([line], {
      lines: [
        {
          start: 12.38,
          end: 23.4,
          confidence: 0.8,
          flagged: false,
          words: [w('And', 12.38, 12.43), w('the', 12.43, 12.5), w('morning', 22.19, 22.45), w('comes', 22.45, 23.4)],
        },
      ],
    });
    expect(timed).toMatchObject({ flagged: true, end: 23.4 });
    expect(timed!.start).toBeGreaterThan(20);
    expect(timed!.start).toBeLessThan(22.19);
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

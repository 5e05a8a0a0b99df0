/** Honest translations: untranslated lines are listed and carried as a degradation, never silent blanks. */
import { describe, expect, it } from 'vitest';
import { translationText, untranslatedLines, withTranslationGap } from '../../../../core/jobs/translation.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const line = (text: string, translation: string | null) => untimedLine(text, { translation });

describe('honest translations', () => {
  // What a Hindi clip came back with: two lines, neither translated ("\n" as its translation).
  const hindi = [line('दिल कमल', ''), line('मेरा गीत', null)];

  it('lists the lines without a translation, and keeps one translation line per transcript line', () => {
    expect(untranslatedLines('Hindi', hindi)).toEqual([0, 1]);
    expect(translationText([line('a', 'A'), line('b', ' '), line('c', 'C')])).toBe('A\n\nC');
    expect(untranslatedLines('English', hindi)).toEqual([]);
  });

  it('adds a translation degradation while lines lack one, and drops it once they have one', () => {
    const other = { component: 'second_opinion', reason: 'timed out' };
    const gap = withTranslationGap([other], 'Hindi', hindi);
    expect(gap).toEqual([
      other,
      { component: 'translation', reason: '2 of 2 lines have no English translation (lines 1, 2).' },
    ]);
    // Filled in by a reviewer: the entry goes, the others stay.
    expect(withTranslationGap(gap, 'Hindi', [line('दिल कमल', 'heart lotus'), line('मेरा गीत', 'my song')])).toEqual([
      other,
    ]);
  });
});

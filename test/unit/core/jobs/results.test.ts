/** The result texts are the lines joined, line i for line i, whatever the lines hold. */
import { describe, expect, it } from 'vitest';
import { resultTexts } from '../../../../core/jobs/results.ts';
import { untimedLine } from '../../../support/lyrics.ts';

describe('resultTexts', () => {
  it('joins each field of the lines, keeping a blank for a line without a translation', () => {
    const lines = [
      untimedLine('मेरा नाम', { transliteration: 'mera naam', translation: 'my name' }),
      untimedLine('जोकर है', { transliteration: 'jokar hai', translation: null }),
    ];
    expect(resultTexts(lines)).toEqual({
      transcript: 'मेरा नाम\nजोकर है',
      transliteration: 'mera naam\njokar hai',
      translation: 'my name\n',
    });
  });

  it('gives empty texts for an instrumental', () => {
    expect(resultTexts([])).toEqual({ transcript: '', transliteration: '', translation: '' });
  });
});

/** Explicit content from a language's lexicon: whole words and phrases, unspaced scripts, romanised lists. */
import { describe, expect, it } from 'vitest';
import { explicitOf } from '../../../../core/jobs/explicit.ts';
import { NaughtyWordsLexicons } from '../../../../sinks/lexicons/naughty-words.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const line = (text: string, transliteration = text) => untimedLine(text, { transliteration });

describe('explicitOf', () => {
  const lexicon = { entries: ['damn', 'holy cow'], unspaced: false };

  it('finds whole words and phrases, never parts of words', () => {
    expect(explicitOf(lexicon, [line('Well, DAMN it!')])).toBe(true);
    expect(explicitOf(lexicon, [line('a holy  cow appeared')])).toBe(true);
    expect(explicitOf(lexicon, [line('the damned and the amsterdamned')])).toBe(false);
  });
  it('reads the romanisation too (some lists are romanised)', () => {
    expect(explicitOf(lexicon, [line('धत्', 'damn')])).toBe(true);
  });
  it('finds entries inside unspaced scripts', () => {
    expect(explicitOf({ entries: ['坏词'], unspaced: true }, [line('这是坏词吗')])).toBe(true);
  });
  it('is null, not false, without a lexicon', () => {
    expect(explicitOf(null, [line('anything')])).toBeNull();
  });
});

describe('the LDNOOBW lexicons (npm naughty-words)', () => {
  const lexicons = new NaughtyWordsLexicons();
  it('has lists for English, Hindi (romanised) and French, none for Tamil or a prototype name', () => {
    expect(lexicons.forLanguage('en')!.entries.length).toBeGreaterThan(100);
    expect(lexicons.forLanguage('hi')!.entries.every((e) => /^[\p{Script=Latin}\s'.-]+$/u.test(e))).toBe(true);
    expect(lexicons.forLanguage('fr')).not.toBeNull();
    expect(lexicons.forLanguage('ta')).toBeNull();
    expect(lexicons.forLanguage('constructor')).toBeNull();
    expect(lexicons.forLanguage('zh')!.unspaced).toBe(true);
  });
});

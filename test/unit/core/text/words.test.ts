import { describe, expect, it } from 'vitest';
import { normalisedWords, wordsOf } from '../../../../core/text/words.ts';

describe('words of a lyric line', () => {
  it('keeps an Indic word whole: vowel signs, viramas and nasal marks are part of it', () => {
    expect(wordsOf('रात ढली तो मैं नदी के किनारे चला')).toEqual(['रात', 'ढली', 'तो', 'मैं', 'नदी', 'के', 'किनारे', 'चला']);
    expect(wordsOf('காற்றில் உன் குரல் என்னை அழைக்கிறது')).toHaveLength(5);
  });
  it('drops punctuation and case, keeps apostrophes and digits', () => {
    expect(wordsOf("  Don’t stop, DON'T stop — 24/7! ")).toEqual(["don't", 'stop', "don't", 'stop', '24', '7']);
    expect(normalisedWords('¡Hola, mundo!')).toBe('hola mundo');
    expect(wordsOf(' … ')).toEqual([]);
  });
  it('composes before comparing: a decomposed é is the same word as a composed one', () => {
    expect(wordsOf('cafe\u0301')).toEqual(wordsOf('café'));
  });
});

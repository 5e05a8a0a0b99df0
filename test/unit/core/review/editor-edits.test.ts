/**
 * What only the review page and the studio send with an approval: translations, romanisations left
 * for the engine (null), and starts set by ear; and which lines the page lists as doubtful.
 */
import { describe, expect, it } from 'vitest';
import type { JobRecord, LyricLine } from '../../../../core/jobs/job.ts';
import { jobNotices, lineDoubts } from '../../../../core/review/doubts.ts';
import { editedLines, parseApprovalBody, parseEditorApprovalBody, planEdits } from '../../../../core/review/edits.ts';
import { startsInOrder, withReviewerStarts } from '../../../../core/review/starts.ts';
import { codeOf } from '../../../support/errors.ts';

const line = (text: string, start: number | null, extra: Partial<LyricLine> = {}): LyricLine => ({
  text,
  transliteration: `${text} (r)`,
  translation: `${text} (t)`,
  start,
  end: start === null ? null : start + 2,
  words:
    start === null
      ? null
      : [
          { word: text, start, end: start + 1 },
          { word: 'x', start: start + 1.2, end: start + 2 },
        ],
  confidence: 0.9,
  flagged: false,
  ...extra,
});

describe("the editor's approval body", () => {
  it('reads translations, null romanisations and starts; the API body ignores them', () => {
    const body = {
      lines: ['a', 'b'],
      transliterated_lines: [null, ' B  b '],
      translated_lines: ['A', ''],
      line_starts: [null, 12.5],
      explicit: true,
    };
    expect(parseEditorApprovalBody(body)).toEqual({
      lines: ['a', 'b'],
      transliterated_lines: [null, 'B b'],
      translated_lines: ['A', ''],
      line_starts: [null, 12.5],
      explicit: true,
    });
    expect(parseApprovalBody({ lines: ['a'], line_starts: [1] })).toEqual({
      lines: ['a'],
      transliterated_lines: undefined,
    });
  });
  it.each([
    [{ line_starts: [-1] }],
    [{ line_starts: ['1'] }],
    [{ line_starts: [Number.NaN] }],
    [{ line_starts: [] }],
    [{ translated_lines: [null] }],
    [{ transliterated_lines: [3] }],
    [{ explicit: 'yes' }],
  ])('refuses %j with APR_002', (body) => {
    expect(codeOf(() => parseEditorApprovalBody(body))).toBe('APR_002');
  });
});

describe('planning the editor edits', () => {
  const current = [line('uno', 1), line('dos', 4)];
  it('counts translation edits and starts; a null romanisation of an edited line is redone', () => {
    const plan = planEdits(current, {
      lines: ['uno', 'tres'],
      transliterated_lines: [null, null],
      translated_lines: ['uno (t)', 'three'],
      line_starts: [null, 4.5],
    });
    expect(plan).toMatchObject({ lines_edited: 1, translation_lines_edited: 1, starts_set: 1 });
    expect(plan.transliterations).toEqual(['uno (r)', null]);
    const out = editedLines(current, plan.texts, ['uno (r)', 'TRES'], plan.translations);
    expect(out.map((l) => l.translation)).toEqual(['uno (t)', 'three']);
  });
  it('a blank translation is no translation', () => {
    const plan = planEdits(current, { translated_lines: ['', 'dos (t)'] });
    expect(editedLines(current, plan.texts, ['uno (r)', 'dos (r)'], plan.translations)[0]!.translation).toBeNull();
  });
  it('arrays of another length are APR_005', () => {
    expect(codeOf(() => planEdits(current, { line_starts: [1] }))).toBe('APR_005');
    expect(codeOf(() => planEdits(current, { translated_lines: ['a', 'b', 'c'] }))).toBe('APR_005');
  });
});

describe('starts set by ear', () => {
  it('moves the anchored line whole, words and all, and answers its flag', () => {
    const lines = [line('a', 1), line('b', 4, { flagged: true }), line('c', 8)];
    const out = withReviewerStarts(lines, [null, 5, null]);
    expect(out[1]).toMatchObject({ start: 5, end: 7, flagged: false });
    expect(out[1]!.words!.map((w) => [w.start, w.end])).toEqual([
      [5, 6],
      [6.2, 7],
    ]);
    expect(out[0]).toEqual(lines[0]);
    expect(out[2]).toEqual(lines[2]);
  });
  it('ends the line before at the new start, words inside it', () => {
    const out = withReviewerStarts([line('a', 1), line('b', 4)], [null, 2.5]);
    expect(out[0]).toMatchObject({ start: 1, end: 2.5 });
    expect(Math.max(...out[0]!.words!.map((w) => w.end))).toBeLessThanOrEqual(2.5);
  });
  it('pulls a line the reviewer contradicts between its anchors, and flags it', () => {
    // The aligner put b at 20 s; the reviewer heard a at 5 s and c at 9 s: b cannot be at 20 s.
    const out = withReviewerStarts([line('a', 1), line('b', 20), line('c', 30)], [5, null, 9]);
    expect(out[1]).toMatchObject({ start: 9, flagged: true });
    expect(out.map((l) => l.start)).toEqual([5, 9, 9]);
    for (let i = 0; i + 1 < out.length; i++) expect(out[i]!.end!).toBeLessThanOrEqual(out[i + 1]!.start!);
  });
  it('gives an untimed line a start and a short span', () => {
    expect(withReviewerStarts([line('a', null)], [3])[0]).toMatchObject({ start: 3, end: 6, words: null });
  });
  it('knows when starts go backwards', () => {
    expect(startsInOrder([1, null, 3, 3])).toBe(true);
    expect(startsInOrder([4, null, 3])).toBe(false);
  });
});

describe('the lines in doubt', () => {
  const job = (language: string, lines: LyricLine[], extra: Partial<JobRecord> = {}) =>
    ({
      language,
      lines,
      lifecycle: { review_gate: 'aligned' },
      second_opinion: { match_ratio: 0.5, suggestions: [{ line: 2, current: 'c', suggested: 'see', reason: 'x' }] },
      results: { fallback_language: null },
      degraded: [],
      ...extra,
    }) as unknown as JobRecord;

  it('lists flagged, untimed, second-opinion and untranslated lines, each with its reasons', () => {
    const lines = [line('a', 1, { flagged: true }), line('b', null), line('c', 5, { translation: ' ' }), line('d', 7)];
    expect(lineDoubts(job('French', lines))).toEqual([
      { line: 0, kinds: ['flagged'], words: [] },
      { line: 1, kinds: ['untimed'], words: [] },
      { line: 2, kinds: ['suggestion', 'untranslated'], words: [] },
    ]);
  });
  it('names the words the engine marked unsure', () => {
    const unsure = line('a', 1, { flagged: true });
    unsure.words = [
      { word: 'sure', start: 1, end: 1.5, confidence: 0.9, unsure: false },
      { word: 'mumbled', start: 1.5, end: 2, confidence: 0.02, unsure: true },
      { word: 'unscored', start: 2, end: 2.5 },
    ];
    expect(lineDoubts(job('English', [unsure]))).toEqual([{ line: 0, kinds: ['unsure_words'], words: ['mumbled'] }]);
  });
  it('does not ask for an English translation of an English song', () => {
    expect(lineDoubts(job('English', [line('a', 1, { translation: null })]))).toEqual([]);
  });
  it('notes a substitute speech model and fallen-back stages', () => {
    const notices = jobNotices(
      job('Bhojpuri', [], {
        results: { fallback_language: 'Hindi' } as JobRecord['results'],
        degraded: [{ component: 'translation', reason: 'timed out' }],
      }),
    );
    expect(notices.map((n) => n.kind)).toEqual(['fallback_language', 'degraded']);
    expect(notices[0]!.message).toContain('Hindi');
  });
  it('notes a language mismatch once, by the language heard, in place of its degradation', () => {
    const mismatch = job('French', [], {
      results: { language_check: { detected: 'Spanish', probability: 0.63, matches: false } } as JobRecord['results'],
      degraded: [{ component: 'language_check', reason: 'sung language sounds like Spanish' }],
    });
    const notices = jobNotices(mismatch);
    expect(notices.map((n) => n.kind)).toEqual(['language_mismatch']);
    expect(notices[0]!.message).toMatch(/sounds like Spanish .*not French/);
    const matching = job('French', [], {
      results: { language_check: { detected: 'French', probability: 0.9, matches: true } } as JobRecord['results'],
    });
    expect(jobNotices(matching)).toEqual([]);
  });
});

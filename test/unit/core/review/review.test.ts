import { describe, expect, it } from 'vitest';
import type { JobRecord, LyricLine } from '../../../../core/jobs/job.ts';
import { editedLines, parseApprovalBody, parseEditorApprovalBody, planEdits } from '../../../../core/review/edits.ts';
import { checkReviewToken, mintReviewLink, reviewToken, reviewUrlOf } from '../../../../core/review/tokens.ts';
import { codeOf } from '../../../support/errors.ts';

const line = (text: string, start: number): LyricLine => ({
  text,
  transliteration: `${text} (r)`,
  translation: `${text} (t)`,
  start,
  end: start + 1,
  words: [{ word: text, start, end: start + 1 }],
  confidence: 0.9,
  flagged: false,
});
const current = [line('uno', 1), line('dos', 2)];

describe('approval bodies', () => {
  it('accepts nothing, or arrays of strings (whitespace tidied)', () => {
    expect(parseApprovalBody(undefined)).toEqual({ lines: undefined, transliterated_lines: undefined });
    expect(parseApprovalBody({ lines: ['  a   b '] }).lines).toEqual(['a b']);
  });
  it.each([[{ lines: [] }], [{ lines: 'x' }], [{ lines: [1] }], [{ transliterated_lines: [null] }], [[1, 2]], ['x']])(
    'refuses %j with APR_002',
    (body) => {
      expect(codeOf(() => parseApprovalBody(body))).toBe('APR_002');
    },
  );
});

describe('approval text that would break a file', () => {
  it.each([
    ['NUL', { lines: ['la\u0000la'] }],
    ['an escape', { lines: ['la \u001b[31mred'] }],
    ['U+FFFF in a romanisation', { lines: ['a'], transliterated_lines: ['a\uffff'] }],
    ['U+FFFE', { lines: ['\ufffe'] }],
    ['a C1 control', { lines: ['a\u0085b'] }],
    ['a lone surrogate', { lines: ['a\ud800'] }],
  ])('refuses %s with APR_002', (_, body) => {
    expect(codeOf(() => parseApprovalBody(body))).toBe('APR_002');
    expect(codeOf(() => parseEditorApprovalBody(body))).toBe('APR_002');
  });

  it("refuses them in the editor's translations and romanisations too, and keeps tabs and line breaks as spaces", () => {
    expect(codeOf(() => parseEditorApprovalBody({ translated_lines: ['my \u0007 song'] }))).toBe('APR_002');
    expect(codeOf(() => parseEditorApprovalBody({ transliterated_lines: [null, 'x\u0000'] }))).toBe('APR_002');
    expect(parseApprovalBody({ lines: ['a\tb\r\nc'] }).lines).toEqual(['a b c']);
  });
});

describe('planning edits', () => {
  it('counts edited lines and asks for romanisation of edited lines only', () => {
    const plan = planEdits(current, { lines: ['uno', 'tres'] });
    expect(plan).toMatchObject({ lines_edited: 1, transliteration_lines_edited: 0, count_changed: false });
    expect(plan.transliterations).toEqual(['uno (r)', null]);
  });
  it('a changed count needs both arrays of equal length (APR_005)', () => {
    expect(codeOf(() => planEdits(current, { lines: ['a'] }))).toBe('APR_005');
    expect(codeOf(() => planEdits(current, { lines: ['a'], transliterated_lines: ['a', 'b'] }))).toBe('APR_005');
    expect(codeOf(() => planEdits(current, { transliterated_lines: ['a'] }))).toBe('APR_005');
    expect(planEdits(current, { lines: ['a', 'b', 'c'], transliterated_lines: ['a', 'b', 'c'] }).count_changed).toBe(
      true,
    );
  });
  it('keeps the timings of unchanged lines and clears edited ones', () => {
    const out = editedLines(current, ['uno', 'tres'], ['uno (r)', 'TRES']);
    expect(out[0]).toEqual(current[0]);
    expect(out[1]).toMatchObject({
      text: 'tres',
      transliteration: 'TRES',
      start: null,
      words: null,
      translation: null,
    });
  });
});

describe('review links', () => {
  const gateAt = new Date('2026-05-01T00:00:00Z');
  const job = (delivery: 'both' | 'api', stage: 'aligned' | 'transcript') => {
    const minted = mintReviewLink('secret', 'job-1');
    return {
      job_id: 'job-1',
      review_delivery: delivery,
      ...minted,
      lifecycle: { review_gate_at: gateAt, review_stage: stage },
    } as unknown as JobRecord;
  };

  it('derives the link from the stored nonce; only its hash is stored', () => {
    const j = job('both', 'aligned');
    const token = reviewToken('secret', 'job-1', j.review_nonce!);
    expect(reviewUrlOf(j, 'https://v.example.com', 'secret')).toBe(`https://v.example.com/review/job-1?token=${token}`);
    expect(j.review_token_sha256).not.toContain(token);
    expect(checkReviewToken(j, token, gateAt)).toBe('valid');
    expect(checkReviewToken(j, `${token}x`, gateAt)).toBe('invalid');
    expect(checkReviewToken(j, reviewToken('other secret', 'job-1', j.review_nonce!), gateAt)).toBe('invalid');
  });

  it('is usable for 7 days from its gate, also at the transcript gate whose wait is 8 days', () => {
    for (const stage of ['aligned', 'transcript'] as const) {
      const j = job('both', stage);
      const token = reviewToken('secret', 'job-1', j.review_nonce!);
      expect(checkReviewToken(j, token, new Date(gateAt.getTime() + 7 * 86400_000 - 1))).toBe('valid');
      expect(checkReviewToken(j, token, new Date(gateAt.getTime() + 7 * 86400_000))).toBe('expired');
    }
  });

  it('never exists for review_delivery=api', () => {
    const j = job('api', 'aligned');
    expect(reviewUrlOf(j, 'https://v.example.com', 'secret')).toBeNull();
    expect(checkReviewToken(j, reviewToken('secret', 'job-1', j.review_nonce!), gateAt)).toBe('invalid');
  });
});

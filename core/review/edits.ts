/**
 * A reviewer's corrections (spec, POST /jobs/{id}/approve): which lines changed, whether the line
 * count changed, and the lines the job will carry. Text is sent without timestamps; an unchanged
 * line keeps its timings, an edited one loses them until it is re-aligned.
 */
import { ApiError } from '../errors.ts';
import type { LyricLine } from '../jobs/job.ts';

export interface ApprovalEdits {
  lines?: string[];
  transliterated_lines?: string[];
}

const MAX_LINES = 1000;
const MAX_LINE_CHARS = 1000;

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new ApiError('APR_002', `${name} must be an array of strings`);
  if (value.length === 0) throw new ApiError('APR_002', `${name} must not be empty; omit it to keep the lines`);
  if (value.length > MAX_LINES) throw new ApiError('APR_002', `${name} may hold at most ${MAX_LINES} lines`);
  const lines = (value as string[]).map((line) => line.replace(/\s+/g, ' ').trim());
  if (lines.some((line) => line.length > MAX_LINE_CHARS))
    throw new ApiError('APR_002', `each line of ${name} may be at most ${MAX_LINE_CHARS} characters`);
  return lines;
}

/** Reads the optional JSON body; anything but {lines?, transliterated_lines?} string arrays is APR_002. */
export function parseApprovalBody(body: unknown): ApprovalEdits {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new ApiError('APR_002', 'the body must be a JSON object with optional lines and transliterated_lines');
  const b = body as Record<string, unknown>;
  return {
    lines: stringArray(b.lines, 'lines'),
    transliterated_lines: stringArray(b.transliterated_lines, 'transliterated_lines'),
  };
}

export interface EditPlan {
  texts: string[];
  /** Per line: the given or kept transliteration, or null where an edited line needs romanising. */
  transliterations: (string | null)[];
  lines_edited: number;
  transliteration_lines_edited: number;
  count_changed: boolean;
}

const differing = (a: readonly string[], b: readonly string[]) =>
  Math.max(a.length, b.length) - a.filter((x, i) => b[i] === x).length;

export function planEdits(current: readonly LyricLine[], edits: ApprovalEdits): EditPlan {
  const oldTexts = current.map((l) => l.text);
  const oldTranslit = current.map((l) => l.transliteration);
  const texts = edits.lines ?? oldTexts;
  const countChanged = texts.length !== current.length;
  if (countChanged && edits.transliterated_lines?.length !== texts.length)
    throw new ApiError(
      'APR_005',
      `The line count changes (${current.length} → ${texts.length}): send lines and transliterated_lines of equal length`,
    );
  if (edits.transliterated_lines && edits.transliterated_lines.length !== texts.length)
    throw new ApiError(
      'APR_005',
      `transliterated_lines has ${edits.transliterated_lines.length} entries for ${texts.length} lines`,
    );
  const transliterations =
    edits.transliterated_lines ?? texts.map((text, i) => (text === oldTexts[i] ? oldTranslit[i]! : null));
  return {
    texts,
    transliterations,
    lines_edited: edits.lines ? differing(texts, oldTexts) : 0,
    transliteration_lines_edited: edits.transliterated_lines ? differing(edits.transliterated_lines, oldTranslit) : 0,
    count_changed: countChanged,
  };
}

/**
 * The job's lines after the edits. With the same count, an unchanged line keeps its timings and
 * translation; an edited one has none until it is re-aligned. A changed count starts untimed.
 */
export function editedLines(current: readonly LyricLine[], texts: string[], transliterations: string[]): LyricLine[] {
  const sameCount = texts.length === current.length;
  return texts.map((text, i) => {
    const before = sameCount ? current[i] : undefined;
    const unchanged = before !== undefined && before.text === text;
    return {
      text,
      transliteration: transliterations[i]!,
      translation: unchanged ? before.translation : null,
      start: unchanged ? before.start : null,
      end: unchanged ? before.end : null,
      words: unchanged ? before.words : null,
      confidence: unchanged ? before.confidence : null,
      flagged: unchanged ? before.flagged : false,
    };
  });
}

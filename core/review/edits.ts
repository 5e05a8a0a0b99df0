/**
 * A reviewer's corrections (spec, POST /jobs/{id}/approve): which lines changed, whether the line
 * count changed, and the lines the job will carry. Text is sent without timestamps; an unchanged
 * line keeps its timings, an edited one loses them until it is re-aligned.
 *
 * The review page and the studio send more through their own endpoints: the translation of each
 * line, romanisations left for the engine to redo (null), and the starts the reviewer tapped in.
 * The API's `lines` stay text-only, as the spec says.
 */
import { apiError } from '../errors.ts';
import type { LyricLine } from '../jobs/job.ts';
import { hasUnwritableCharacters } from '../text/characters.ts';

export interface ApprovalEdits {
  lines?: string[];
  /** Null (editor only): romanise this line again rather than keep what the page showed. */
  transliterated_lines?: (string | null)[];
  /** Editor only: the translation of each line; a blank one is no translation. */
  translated_lines?: string[];
  /** Editor only: the start a reviewer set for each line (tap-to-time), null where the aligner's stands. */
  line_starts?: (number | null)[];
  /** Editor only: the reviewer's word on explicit content, which wins over the lexicon's. */
  explicit?: boolean;
}

const MAX_LINES = 1000;
const MAX_LINE_CHARS = 1000;

function stringArray(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw apiError('APR_002', `${name} must be an array of strings`);
  if (value.length === 0) throw apiError('APR_002', `${name} must not be empty; omit it to keep the lines`);
  if (value.length > MAX_LINES) throw apiError('APR_002', `${name} may hold at most ${MAX_LINES} lines`);
  refuseUnwritable(value as string[], name);
  const lines = (value as string[]).map((line) => line.replace(/\s+/g, ' ').trim());
  if (lines.some((line) => line.length > MAX_LINE_CHARS))
    throw apiError('APR_002', `each line of ${name} may be at most ${MAX_LINE_CHARS} characters`);
  return lines;
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw apiError('APR_002', 'the body must be a JSON object with optional lines and transliterated_lines');
  return body as Record<string, unknown>;
}

/** Lyrics end up in XML and timed files: a control character or a noncharacter has no place in them. */
function refuseUnwritable(lines: readonly (string | null)[], name: string): void {
  const at = lines.findIndex((line) => line !== null && hasUnwritableCharacters(line));
  if (at >= 0)
    throw apiError('APR_002', `${name}[${at}] contains a control character or a noncharacter (U+FFFE, U+FFFF)`);
}

/** Reads the optional JSON body; anything but {lines?, transliterated_lines?} string arrays is APR_002. */
export function parseApprovalBody(body: unknown): ApprovalEdits {
  const b = bodyObject(body);
  return {
    lines: stringArray(b.lines, 'lines'),
    transliterated_lines: stringArray(b.transliterated_lines, 'transliterated_lines'),
  };
}

/** An array of the same rules as stringArray whose entries may also be null. */
function nullableArray<T>(value: unknown, name: string, entry: (v: unknown) => v is T): (T | null)[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => v !== null && !entry(v)))
    throw apiError('APR_002', `${name} must be an array whose entries are ${entry.name} or null`);
  if (value.length === 0 || value.length > MAX_LINES)
    throw apiError('APR_002', `${name} must hold 1 to ${MAX_LINES} entries`);
  return value as (T | null)[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
/** A time in seconds within any song the service accepts (a day is far beyond every limit). */
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 86_400;

/**
 * The editor's body (review page, studio): the API's fields, romanisations that may be null,
 * translations and reviewer-set starts.
 */
export function parseEditorApprovalBody(body: unknown): ApprovalEdits {
  const b = bodyObject(body);
  const transliterated = nullableArray(b.transliterated_lines, 'transliterated_lines', isString);
  if (transliterated) refuseUnwritable(transliterated, 'transliterated_lines');
  return {
    lines: stringArray(b.lines, 'lines'),
    transliterated_lines: transliterated?.map((t) => (t === null ? null : t.replace(/\s+/g, ' ').trim())),
    translated_lines: stringArray(b.translated_lines, 'translated_lines'),
    line_starts: nullableArray(b.line_starts, 'line_starts', isSeconds),
    explicit: explicitFlag(b.explicit),
  };
}

function explicitFlag(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw apiError('APR_002', 'explicit must be true or false');
  return value;
}

export interface EditPlan {
  texts: string[];
  /** Per line: the given or kept transliteration, or null where an edited line needs romanising. */
  transliterations: (string | null)[];
  /** Per line, when the reviewer sent translations; otherwise null (the kept-or-dropped rule applies). */
  translations: string[] | null;
  /** Per line: the start the reviewer set, or null. */
  starts: (number | null)[];
  lines_edited: number;
  transliteration_lines_edited: number;
  translation_lines_edited: number;
  /** Lines whose start the reviewer set. */
  starts_set: number;
  count_changed: boolean;
}

/** Whether the plan changes anything the job carries. */
export const changesAnything = (plan: EditPlan) =>
  plan.lines_edited > 0 ||
  plan.transliteration_lines_edited > 0 ||
  plan.translation_lines_edited > 0 ||
  plan.starts_set > 0 ||
  plan.count_changed;

const differing = (a: readonly string[], b: readonly string[]) =>
  Math.max(a.length, b.length) - a.filter((x, i) => b[i] === x).length;

export function planEdits(current: readonly LyricLine[], edits: ApprovalEdits): EditPlan {
  const oldTexts = current.map((l) => l.text);
  const oldTranslit = current.map((l) => l.transliteration);
  const texts = edits.lines ?? oldTexts;
  const countChanged = texts.length !== current.length;
  if (countChanged && edits.transliterated_lines?.length !== texts.length)
    throw apiError(
      'APR_005',
      `The line count changes (${current.length} → ${texts.length}): send lines and transliterated_lines of equal length`,
    );
  if (edits.transliterated_lines && edits.transliterated_lines.length !== texts.length)
    throw apiError(
      'APR_005',
      `transliterated_lines has ${edits.transliterated_lines.length} entries for ${texts.length} lines`,
    );
  for (const [name, given] of [
    ['translated_lines', edits.translated_lines],
    ['line_starts', edits.line_starts],
  ] as const) {
    if (given && given.length !== texts.length)
      throw apiError('APR_005', `${name} has ${given.length} entries for ${texts.length} lines`);
  }
  const kept = texts.map((text, i) => (text === oldTexts[i] ? oldTranslit[i]! : null));
  const transliterations = edits.transliterated_lines?.map((t, i) => t ?? kept[i] ?? null) ?? kept;
  const oldTranslations = current.map((l) => l.translation ?? '');
  const starts = edits.line_starts ?? texts.map(() => null);
  return {
    texts,
    transliterations,
    translations: edits.translated_lines ?? null,
    starts,
    lines_edited: edits.lines ? differing(texts, oldTexts) : 0,
    transliteration_lines_edited: edits.transliterated_lines
      ? differing(
          transliterations.map((t) => t ?? ''),
          oldTranslit,
        )
      : 0,
    translation_lines_edited: edits.translated_lines ? differing(edits.translated_lines, oldTranslations) : 0,
    starts_set: starts.filter((s) => s !== null).length,
    count_changed: countChanged,
  };
}

/**
 * The job's lines after the edits. With the same count, an unchanged line keeps its timings and
 * translation; an edited one has none until it is re-aligned. A changed count starts untimed.
 */
export function editedLines(
  current: readonly LyricLine[],
  texts: string[],
  transliterations: string[],
  translations: string[] | null = null,
): LyricLine[] {
  const sameCount = texts.length === current.length;
  return texts.map((text, i) => {
    const before = sameCount ? current[i] : undefined;
    const unchanged = before !== undefined && before.text === text;
    const translation = translations ? translations[i] || null : unchanged ? before.translation : null;
    return {
      text,
      transliteration: transliterations[i]!,
      translation,
      start: unchanged ? before.start : null,
      end: unchanged ? before.end : null,
      words: unchanged ? before.words : null,
      confidence: unchanged ? before.confidence : null,
      flagged: unchanged ? before.flagged : false,
      // The decoder's scores were for the words it heard; a reviewer's words have none.
      ...(unchanged ? (before.decoding === undefined ? {} : { decoding: before.decoding }) : { decoding: null }),
    };
  });
}

/**
 * Song sections (results.sections) from the lyrics' repetition structure and their timings:
 *  - chorus: lines that come back. A run of lines that recurs is a chorus if it is 3 lines or
 *    longer, or if it comes back 3 times or more (two lines sung twice may be a verse quoting
 *    another verse; three passes or three lines are a refrain);
 *  - a chorus's tail: one line of vocables right after it, or lines repeating one of its lines;
 *  - intro, bridge, outro: lines of vocables only ("ah ah", "ba da da dam") before the first sung
 *    section, between two choruses, or after the last;
 *  - verse: any other run of lines; the last one, after the last chorus and short, is an outro;
 *  - instrumental: a silence of INSTRUMENTAL_GAP_SECONDS or more between two lines.
 * Stanza breaks are not in a transcript and pauses do not mark them (sung lines run on across
 * stanzas), so timings only place the sections; docs/benchmarks-archive.md says how the labels were checked.
 */
import { INSTRUMENTAL_GAP_SECONDS } from '../render/instrumental.ts';
import { wordsOf } from '../text/words.ts';
import { isInstrumental } from './instrumental.ts';
import type { JobRecord, LyricLine } from './job.ts';

export type SectionLabel = 'intro' | 'verse' | 'chorus' | 'bridge' | 'outro' | 'instrumental';

export interface Section {
  /** null where the structure does not tell. */
  label: SectionLabel | null;
  start: number;
  end: number;
  /** 0-based line indexes, inclusive; null for an instrumental section. */
  first_line: number | null;
  last_line: number | null;
}

/** Lines whose words overlap this much (Jaccard) are the same line sung again. */
const SAME_LINE_OVERLAP = 0.6;
/** A vocable: a syllable of up to this many letters, in a line of at most VOCABLE_KINDS kinds of them. */
const VOCABLE_LETTERS = 3;
/** An outro is at most this many lines (the shared songs' longest is 5). */
const OUTRO_MAX_LINES = 6;
const VOCABLE_KINDS = 3;

/**
 * Which lines are the same line sung again (their words overlap by SAME_LINE_OVERLAP or more).
 * Every pair that shares a word is scored once, through an index of words to lines, so a long
 * song costs its shared words, not every pair of lines.
 */
function sameLines(tokens: string[][]): (a: number, b: number) => boolean {
  const n = tokens.length;
  const sets = tokens.map((t) => new Set(t));
  const linesOf = new Map<string, number[]>();
  sets.forEach((set, i) => {
    for (const token of set) {
      const holders = linesOf.get(token);
      if (holders) holders.push(i);
      else linesOf.set(token, [i]);
    }
  });
  const shared = new Map<number, number>();
  for (const holders of linesOf.values()) {
    for (let x = 0; x < holders.length; x++) {
      for (let y = x + 1; y < holders.length; y++) {
        const key = holders[x]! * n + holders[y]!;
        shared.set(key, (shared.get(key) ?? 0) + 1);
      }
    }
  }
  const same = new Set<number>();
  for (const [key, count] of shared) {
    const a = Math.floor(key / n);
    const b = key % n;
    if (count / (sets[a]!.size + sets[b]!.size - count) >= SAME_LINE_OVERLAP) same.add(key);
  }
  return (a, b) => a !== b && same.has(Math.min(a, b) * n + Math.max(a, b));
}

/**
 * A line of vocables only: one or two kinds of short syllables ("ooh", "no noo"), or up to three
 * sung again ("ba da da dam da da"). Three short words sung once are words: "फिर से आ" (come again).
 */
function isVocableTokens(tokens: string[]): boolean {
  const kinds = new Set(tokens).size;
  return (
    tokens.length > 0 &&
    kinds <= VOCABLE_KINDS &&
    (kinds < VOCABLE_KINDS || tokens.length > kinds) &&
    tokens.every((t) => [...t].length <= VOCABLE_LETTERS)
  );
}

/**
 * For each line, the ids of the chorus runs it belongs to (a run: lines i..i+k-1 sung again at
 * j..j+k-1, not overlapping, vocables left out). Only runs that make a chorus count (see the
 * module comment); an empty set: not chorus.
 */
function chorusRuns(vocables: boolean[], same: (a: number, b: number) => boolean): Set<number>[] {
  const n = vocables.length;
  const found: { at: Set<number>; length: number }[] = [];
  const covered = new Set<number>();
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (covered.has(i * n + j) || !same(i, j)) continue; // inside a longer run found already, or no run
      let k = 0;
      while (j + k < n && i + k < j && !vocables[i + k] && same(i + k, j + k)) {
        covered.add((i + k) * n + j + k);
        k++;
      }
      if (k >= 2) {
        const run = found.find((r) => r.length === k && r.at.has(i));
        if (run) run.at.add(j);
        else found.push({ at: new Set([i, j]), length: k });
      }
    }
  }
  const ids = vocables.map(() => new Set<number>());
  // Most-sung runs first. A run sung only twice keeps just the stretches of 3 lines or more that
  // no more-sung run holds: a verse that leads into the chorus the same way twice is not chorus.
  const order = found.map((run, id) => ({ ...run, id })).sort((a, b) => b.at.size - a.at.size);
  for (const run of order) {
    for (const start of run.at) {
      const pass = Array.from({ length: run.length }, (_, t) => start + t);
      if (run.at.size >= 3) {
        for (const i of pass) ids[i]!.add(run.id);
        continue;
      }
      let stretch: number[] = [];
      const close = () => {
        if (stretch.length >= 3) for (const i of stretch) ids[i]!.add(run.id);
        stretch = [];
      };
      for (const i of pass) {
        if (ids[i]!.size > 0) {
          close();
          ids[i]!.add(run.id);
        } else stretch.push(i);
      }
      close();
    }
  }
  return ids;
}

type Kind = 'chorus' | 'vocables' | 'words';

/**
 * results.sections of a job: one instrumental section for a track with nothing sung (when its
 * duration is known), otherwise the sections of its lines.
 */
export function resultSections(job: Pick<JobRecord, 'lines' | 'duration_seconds' | 'results'>): Section[] | null {
  if (job.results && isInstrumental(job.results.transcript)) {
    return job.duration_seconds
      ? [{ label: 'instrumental', start: 0, end: job.duration_seconds, first_line: null, last_line: null }]
      : null;
  }
  return songSections(job.lines ?? []);
}

/** The sections of sung lines, in order; null when there are none or they are not timed. */
export function songSections(lines: readonly LyricLine[]): Section[] | null {
  if (lines.length === 0 || lines.some((l) => l.start === null || l.end === null)) return null;
  const tokens = lines.map((l) => wordsOf(l.text));
  const vocables = tokens.map(isVocableTokens);
  const same = sameLines(tokens);
  const runs = chorusRuns(vocables, same);
  const kinds: Kind[] = vocables.map((v, i) => (runs[i]!.size > 0 ? 'chorus' : v ? 'vocables' : 'words'));
  // A chorus's tail joins it: one line of vocables after it ("la tristeza… / ooh ooh ooh"), or lines
  // that repeat one of its own (a last line sung once more), unless a break parts them.
  let chorusFrom = 0;
  for (let i = 1; i < kinds.length; i++) {
    if (kinds[i - 1] !== 'chorus') continue;
    if (kinds[i - 2] !== 'chorus') chorusFrom = i - 1;
    const gap = lines[i]!.start! - lines[i - 1]!.end!;
    const adLib = kinds[i] === 'vocables' && kinds[i + 1] !== 'vocables';
    const echo =
      kinds[i] === 'words' && Array.from({ length: i - chorusFrom }, (_, k) => chorusFrom + k).some((j) => same(j, i));
    if (gap < INSTRUMENTAL_GAP_SECONDS && (adLib || echo)) {
      kinds[i] = 'chorus';
      runs[i] = runs[i - 1]!;
    }
  }

  // Spans of one kind; a chorus span also ends where its lines stop sharing a run (two refrains
  // back to back), and every span ends at an instrumental break.
  const spans: { kind: Kind; first: number; last: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = spans.at(-1);
    const gap = i > 0 ? lines[i]!.start! - lines[i - 1]!.end! : 0;
    const continues =
      open &&
      open.kind === kinds[i] &&
      gap < INSTRUMENTAL_GAP_SECONDS &&
      (kinds[i] !== 'chorus' || [...runs[i]!].some((id) => runs[i - 1]!.has(id)));
    if (continues) open.last = i;
    else spans.push({ kind: kinds[i]!, first: i, last: i });
  }

  const chorusAt = spans.flatMap((s, k) => (s.kind === 'chorus' ? [k] : []));
  const firstChorus = chorusAt[0] ?? Number.POSITIVE_INFINITY;
  const lastChorus = chorusAt.at(-1) ?? Number.NEGATIVE_INFINITY;
  const labelOf = (kind: Kind, k: number): SectionLabel | null => {
    if (kind === 'chorus') return 'chorus';
    const before = k < firstChorus;
    const after = k > lastChorus;
    if (kind === 'vocables') return before && k === 0 ? 'intro' : after ? 'outro' : before ? null : 'bridge';
    // An outro closes the song: the last lines, and only a few of them; more lines after the last
    // chorus are a verse (often a chorus the transcript heard differently).
    const closing = k === spans.length - 1 && spans[k]!.last - spans[k]!.first + 1 <= OUTRO_MAX_LINES;
    return after && chorusAt.length > 0 && closing ? 'outro' : 'verse';
  };

  const out: Section[] = [];
  spans.forEach((span, k) => {
    const previous = spans[k - 1];
    if (previous) {
      const silenceFrom = lines[previous.last]!.end!;
      const silenceTo = lines[span.first]!.start!;
      if (silenceTo - silenceFrom >= INSTRUMENTAL_GAP_SECONDS) {
        out.push({ label: 'instrumental', start: silenceFrom, end: silenceTo, first_line: null, last_line: null });
      }
    }
    out.push({
      label: labelOf(span.kind, k),
      start: lines[span.first]!.start!,
      end: Math.max(...lines.slice(span.first, span.last + 1).map((l) => l.end!)),
      first_line: span.first,
      last_line: span.last,
    });
  });
  return out;
}

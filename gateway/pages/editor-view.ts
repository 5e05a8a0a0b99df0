/**
 * The HTML of the lyrics editor, shared by the review page and the studio: every line rendered on
 * the server as one compact row (readable without JavaScript), the lines in doubt listed first, and
 * the state the editor scripts need embedded as JSON. Every value from a job is escaped.
 */
import type { JobRecord, LyricLine } from '../../core/jobs/job.ts';
import type { RomanisationForm } from '../../core/jobs/submission.ts';
import { unsureWords } from '../../core/jobs/timings.ts';
import { findLanguage } from '../../core/languages.ts';
import { lrcTime } from '../../core/render/timing.ts';
import { type DoubtKind, jobNotices, type LineDoubt, lineDoubts } from '../../core/review/doubts.ts';

export interface EditorEndpoints {
  audio: string;
  romanise: string;
  approve: string;
  realign?: string;
}

export interface EditorOptions {
  title: string;
  endpoints: EditorEndpoints;
  /** Studio sessions send it back in X-CSRF-Token. */
  csrf?: string;
  /** Extra header content (the studio's account and logout). */
  headerExtra?: string;
}

/** How the header names the job's romanisation form (the edited lines are romanised in it too). */
const ROMANISATION_LABELS: Record<RomanisationForm, string> = {
  standard: 'standard romanisation',
  readable: 'readable romanisation',
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/editor.css">
</head>
<body>
${body}
</body>
</html>`;
}

/** A page that says what went wrong and shows nothing of any job. */
export function noticePage(title: string, message: string): string {
  return page(
    title,
    `<main><div class="notice" role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div></main>`,
  );
}

/** What each kind of doubt is called on the page: a row's mark, the summary, the announcement. */
const DOUBT_LABELS: Record<DoubtKind, string> = {
  flagged: 'timing in doubt',
  unsure_words: 'unsure of a word',
  untimed: 'not timed',
  suggestion: 'second opinion differs',
  untranslated: 'no translation',
};

/** The line's timed words, hidden: the player lights them one by one above the list. */
function wordsOf(line: LyricLine): string {
  if (!line.words?.length) return '';
  const unsure = new Set(unsureWords(line));
  const spans = line.words
    .map(
      (w) =>
        `<span data-start="${w.start}" data-end="${w.end}"${unsure.has(w) ? ' class="unsure"' : ''}>${escapeHtml(w.word)}</span>`,
    )
    .join(' ');
  return `<span class="words" hidden>${spans}</span>`;
}

interface RowContext {
  doubts: DoubtKind[];
  /** The words the recogniser is unsure of, named in the row's mark. */
  unsure: string[];
  suggestion: { suggested: string; reason: string } | undefined;
}

function lineRow(line: LyricLine | null, index: number, context: RowContext): string {
  const n = index + 1;
  const start = line?.start ?? null;
  const time =
    start === null
      ? `<button type="button" class="time" aria-label="Line ${n}: not timed">--:--.--</button>`
      : `<button type="button" class="time" aria-label="Line ${n}: play from ${lrcTime(start)}">${lrcTime(start)}</button>`;
  // The offer itself says the second opinion differs; the other doubts get a mark.
  const marks = context.doubts
    .filter((kind) => kind !== 'suggestion' || !context.suggestion)
    .map((kind) =>
      kind === 'unsure_words'
        ? `<span class="mark">unsure of ${context.unsure.map((w) => `“${escapeHtml(w)}”`).join(', ')}</span>`
        : `<span class="mark">${DOUBT_LABELS[kind]}</span>`,
    )
    .join('');
  const offer = context.suggestion
    ? `<span class="suggestion">Second opinion: <q>${escapeHtml(context.suggestion.suggested)}</q> <button type="button" class="accept" data-suggested="${escapeHtml(context.suggestion.suggested)}" aria-label="Accept the second opinion for line ${n}">Accept</button></span>`
    : '';
  const detail = marks || offer ? `<p class="detail">${marks}${offer}</p>` : '';
  const classes = ['line', line?.flagged ? 'flagged' : '', context.doubts.length ? 'doubtful' : '']
    .filter(Boolean)
    .join(' ');
  const doubts = context.doubts.map((kind) => DOUBT_LABELS[kind]).join(', ');
  return `<li class="${classes}" id="line-${n}" tabindex="-1" aria-label="Line ${n}${doubts ? `: ${doubts}` : ''}" data-start="${start ?? ''}" data-end="${line?.end ?? ''}" data-doubts="${doubts}">
  ${time}<input type="text" class="original" aria-label="Line ${n} text" value="${escapeHtml(line?.text ?? '')}"><input type="text" class="romanised" aria-label="Line ${n} romanised" value="${escapeHtml(line?.transliteration ?? '')}"><input type="text" class="translation" aria-label="Line ${n} translation" placeholder="Translation" value="${escapeHtml(line?.translation ?? '')}"><button type="button" class="row-menu-button" aria-haspopup="menu" aria-expanded="false" aria-label="Line ${n} actions">⋯</button>
  ${detail}${line ? wordsOf(line) : ''}
</li>`;
}

/** The summary at the top: each kind of doubt with links to its lines, and the job's notices. */
function doubtSummary(doubts: LineDoubt[], job: JobRecord): string {
  const byKind = new Map<DoubtKind, number[]>();
  for (const d of doubts) for (const k of d.kinds) byKind.set(k, [...(byKind.get(k) ?? []), d.line]);
  const kinds = (Object.keys(DOUBT_LABELS) as DoubtKind[]).filter((k) => byKind.has(k));
  const items = kinds
    .map((kind) => {
      const lines = byKind.get(kind)!;
      const links = lines
        .map((i) => `<a href="#line-${i + 1}" data-line="${i}" aria-label="Line ${i + 1}">${i + 1}</a>`)
        .join(' ');
      return `<li><strong>${lines.length} ${lines.length === 1 ? 'line' : 'lines'}: ${DOUBT_LABELS[kind]}</strong> <span class="links">${links}</span></li>`;
    })
    .join('');
  const notices = jobNotices(job)
    .map((n) => `<p class="job-notice">${escapeHtml(n.message)}</p>`)
    .join('');
  const heading = doubts.length
    ? `${doubts.length} ${doubts.length === 1 ? 'line' : 'lines'} to check`
    : 'Nothing in doubt';
  const hint = doubts.length
    ? '<p class="hint">Press <kbd>n</kbd> / <kbd>p</kbd> to play the next or previous one.</p>'
    : '';
  return `<section class="doubts" aria-labelledby="doubts-title">
  <h2 id="doubts-title">${heading}</h2>${hint}
  ${items ? `<ul>${items}</ul>` : ''}${notices}
</section>`;
}

const SHORTCUTS: [string, string][] = [
  ['Space', 'play or pause (outside a text field)'],
  ['← / →', 'back or forward 3 seconds'],
  ['n / p', 'next or previous line to check, and play it'],
  ['Enter', 'next line (in a text field: the same field of the next line)'],
  ['↑ / ↓', 'previous or next line'],
  ['t', "set the selected line's start to the playhead, then select the next line"],
  ['e', "edit the selected line's text"],
  ['Esc', 'leave a text field for its line'],
  ['Ctrl+Enter', 'approve (asks to confirm)'],
];

export function editorPage(job: JobRecord, options: EditorOptions): string {
  const lines = job.lines ?? [];
  const doubts = lineDoubts(job);
  const doubtsOf = new Map(doubts.map((d) => [d.line, d]));
  const suggestions = new Map(
    (job.second_opinion?.suggestions ?? []).map((s) => [s.line, { suggested: s.suggested, reason: s.reason }]),
  );
  const gate = job.lifecycle.review_gate;
  const approved = job.lifecycle.review_approved_at;
  const status = approved
    ? `Approved ${approved.toISOString().slice(0, 16).replace('T', ' ')} UTC`
    : gate === 'transcript'
      ? 'Waiting for review: approve the text and it is timed to the song'
      : gate === 'aligned'
        ? 'Waiting for review: timed lyrics, released when you approve'
        : `Status: ${job.lifecycle.status}`;
  // Romanisation is shown where it differs from the script the lyrics are written in.
  const latin = findLanguage(job.language)?.scripts.includes('Latn') ?? false;
  const timed = lines.some((line) => line.start !== null);
  // Explicit content: the lexicon's finding, which the reviewer may correct (null: no lexicon).
  const explicit = job.results?.explicit ?? null;
  const explicitTitle =
    explicit === null
      ? 'No explicit-word list exists for this language: tick if the lyrics are explicit.'
      : 'Found by the explicit-word list for this language: correct it if it is wrong.';
  const state = { job_id: job.job_id, endpoints: options.endpoints, csrf: options.csrf ?? null, timed };
  const keys = SHORTCUTS.map(([k, what]) => `<dt><kbd>${escapeHtml(k)}</kbd></dt><dd>${escapeHtml(what)}</dd>`).join(
    '',
  );
  const body = `<header>
  <div class="top">
    <div class="title"><h1>${escapeHtml(options.title)}</h1>
    <p>${escapeHtml(job.language)} · ${lines.length} lines · ${escapeHtml(status)} · ${ROMANISATION_LABELS[job.romanisation]}</p></div>
    <div class="actions">
      ${options.headerExtra ?? ''}
      <label class="toggle"><input type="checkbox" id="show-romanised"${latin ? '' : ' checked'}> Romanisation</label>
      <label class="toggle" title="${escapeHtml(explicitTitle)}"><input type="checkbox" id="explicit"${explicit ? ' checked' : ''}> Explicit</label>
      ${options.endpoints.realign ? '<button type="button" id="realign" class="secondary">Re-align</button>' : ''}
      <button type="button" id="approve" class="primary" aria-keyshortcuts="Control+Enter"${approved ? ' disabled' : ''}>Approve lyrics</button>
    </div>
  </div>
  <div class="player">
    <button type="button" id="play" class="secondary" aria-keyshortcuts="Space">Play</button>
    <span id="clock" class="clock" aria-hidden="true">00:00.00</span>
    <canvas id="waveform" height="48" role="img" aria-label="Waveform with a region per line: click to seek"></canvas>
  </div>
  <p id="now" class="now" aria-hidden="true"></p>
  <p id="now-announced" class="visually-hidden" aria-live="polite"></p>
  <p id="outcome" role="status" aria-live="polite"></p>
  <audio id="song" preload="metadata" src="${escapeHtml(options.endpoints.audio)}"></audio>
</header>
<main>
  ${doubtSummary(doubts, job)}
  <ol class="lines${latin ? '' : ' show-romanised'}" id="lines" aria-label="Lyrics">
${lines
  .map((line, i) =>
    lineRow(line, i, {
      doubts: doubtsOf.get(i)?.kinds ?? [],
      unsure: doubtsOf.get(i)?.words ?? [],
      suggestion: suggestions.get(i),
    }),
  )
  .join('\n')}
  </ol>
  <template id="new-line">${lineRow(null, lines.length, { doubts: [], unsure: [], suggestion: undefined })}</template>
  <div role="menu" id="row-menu" aria-label="Line actions" hidden>
    <button type="button" role="menuitem" data-action="play">Play this line</button>
    <button type="button" role="menuitem" data-action="tap">Set start to playhead (t)</button>
    <button type="button" role="menuitem" data-action="romanise">Show or hide romanisation</button>
    <button type="button" role="menuitem" data-action="add">Add a line below</button>
    <button type="button" role="menuitem" data-action="remove">Remove this line</button>
  </div>
  <div class="footer">
    <button type="button" id="add-line" class="secondary">Add line at the end</button>
    <details class="keys"><summary>Keyboard shortcuts</summary><dl>${keys}</dl></details>
  </div>
  <dialog id="confirm" aria-labelledby="confirm-text">
    <p id="confirm-text"></p>
    <div class="footer"><button type="button" id="confirm-approve" class="primary">Approve</button><button type="button" id="cancel" class="secondary">Cancel</button></div>
  </dialog>
</main>
<script type="application/json" id="editor-state">${scriptJson(state)}</script>
<script type="module" src="/assets/editor.js"></script>`;
  return page(options.title, body);
}

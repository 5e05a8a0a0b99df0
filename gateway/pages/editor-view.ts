/**
 * The HTML of the lyrics editor, shared by the review page and the studio: every line rendered on
 * the server (readable without JavaScript), with the state the editor script needs embedded as JSON.
 * Every value from a job is escaped.
 */
import type { JobRecord, LyricLine } from '../../core/jobs/job.ts';
import { lrcTimestamp } from '../../core/jobs/present.ts';

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

function wordsOf(line: LyricLine): string {
  if (!line.words?.length) return '';
  const spans = line.words
    .map((w) => `<span data-start="${w.start}" data-end="${w.end}">${escapeHtml(w.word)}</span>`)
    .join(' ');
  return `<p class="words" aria-hidden="true">${spans}</p>`;
}

function lineRow(line: LyricLine | null, index: number, suggestion: { suggested: string; reason: string } | undefined) {
  const start = line?.start ?? null;
  const time =
    start === null
      ? '<span class="time" aria-hidden="true">[--:--.--]</span>'
      : `<button type="button" class="time" aria-label="Play from ${lrcTimestamp(start).slice(1, -1)}">${lrcTimestamp(start)}</button>`;
  const flag = line?.flagged ? '<p class="flag">Check this line: low confidence or unusual timing.</p>' : '';
  const offer = suggestion
    ? `<p class="suggestion">Second opinion: <q>${escapeHtml(suggestion.suggested)}</q> <button type="button" class="accept" data-suggested="${escapeHtml(suggestion.suggested)}">Accept</button></p>`
    : '';
  return `<li class="line${line?.flagged ? ' flagged' : ''}" data-start="${start ?? ''}" data-end="${line?.end ?? ''}">
  ${time}
  <div class="text">
    ${line ? wordsOf(line) : ''}
    <label><span class="label-original">Line ${index + 1}</span> <input type="text" class="original" value="${escapeHtml(line?.text ?? '')}"></label>
    <label>Romanised <input type="text" class="romanised" value="${escapeHtml(line?.transliteration ?? '')}"></label>
    <div class="row-actions"><button type="button" class="add">Add line below</button><button type="button" class="remove">Remove line</button></div>
  </div>
  <div class="aside">${flag}${offer}</div>
</li>`;
}

export function editorPage(job: JobRecord, options: EditorOptions): string {
  const lines = job.lines ?? [];
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
  const state = { job_id: job.job_id, endpoints: options.endpoints, csrf: options.csrf ?? null };
  const body = `<header>
  <h1>${escapeHtml(options.title)}</h1>
  <p>${escapeHtml(job.language)} · ${lines.length} lines · ${escapeHtml(status)}</p>
  ${options.headerExtra ?? ''}
  <audio id="song" controls preload="metadata" src="${escapeHtml(options.endpoints.audio)}"></audio>
</header>
<main>
  <ol class="lines" id="lines" aria-label="Lyrics">
${lines.map((line, i) => lineRow(line, i, suggestions.get(i))).join('\n')}
  </ol>
  <template id="new-line">${lineRow(null, lines.length, undefined)}</template>
  <div class="toolbar">
    <button type="button" id="add-line" class="secondary">Add line at the end</button>
    ${options.endpoints.realign ? '<button type="button" id="realign" class="secondary">Re-align with the song</button>' : ''}
    <button type="button" id="approve" class="primary"${approved ? ' disabled' : ''}>Approve lyrics</button>
    <p id="outcome" role="status" aria-live="polite"></p>
  </div>
  <dialog id="confirm" aria-labelledby="confirm-text">
    <p id="confirm-text"></p>
    <div class="toolbar"><button type="button" id="confirm-approve" class="primary">Approve</button><button type="button" id="cancel" class="secondary">Cancel</button></div>
  </dialog>
</main>
<script type="application/json" id="editor-state">${scriptJson(state)}</script>
<script src="/assets/editor.js" defer></script>`;
  return page(options.title, body);
}

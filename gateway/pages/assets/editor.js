// The lyrics editor of the review page and the studio. Plain JavaScript modules, no build step: the
// server renders every row; this script edits them (text, romanisation, translation, lines added
// or removed, suggestions accepted), steps through the lines in doubt, sets starts by ear
// (tap-to-time), drives it all from the keyboard, and approves.
import { clockOf, num, player } from './player.js';
import { rowMenu } from './row-menu.js';

const state = JSON.parse(document.getElementById('editor-state').textContent);
const audio = document.getElementById('song');
const list = document.getElementById('lines');
const outcome = document.getElementById('outcome');
const dialog = document.getElementById('confirm');
const headers = { 'content-type': 'application/json' };
if (state.csrf) headers['x-csrf-token'] = state.csrf;

const rows = () => [...list.querySelectorAll('li.line')];
const song = player({ audio, list, rows, endpoints: state.endpoints });
let edited = false;

function say(text, ok = true) {
  outcome.textContent = text;
  outcome.className = ok ? 'ok' : 'error';
}

// --- selection: the row last focused, which n / p / t / Enter start from ----------------------
let selected = null;
list.addEventListener('focusin', (event) => {
  selected = event.target.closest('li.line') ?? selected;
  for (const row of rows()) row.classList.toggle('selected', row === selected);
});
function select(row, field) {
  if (!row) return;
  (field ? row.querySelector(`input.${field}`) : row).focus();
  row.scrollIntoView({ block: 'nearest' });
}

function labelRow(row, n) {
  row.id = `line-${n}`;
  row.setAttribute('aria-label', `Line ${n}${row.dataset.doubts ? `: ${row.dataset.doubts}` : ''}`);
  const start = num(row.dataset.start);
  const time = row.querySelector('.time');
  time.textContent = start === null ? '--:--.--' : clockOf(start);
  time.setAttribute('aria-label', start === null ? `Line ${n}: not timed` : `Line ${n}: play from ${clockOf(start)}`);
  row.querySelector('input.original').setAttribute('aria-label', `Line ${n} text`);
  row.querySelector('input.romanised').setAttribute('aria-label', `Line ${n} romanised`);
  row.querySelector('input.translation').setAttribute('aria-label', `Line ${n} translation`);
  row.querySelector('.row-menu-button').setAttribute('aria-label', `Line ${n} actions`);
}
function renumber() {
  for (const [i, row] of rows().entries()) labelRow(row, i + 1);
}

// --- editing ------------------------------------------------------------------------------------
async function romanise(row) {
  const target = row.querySelector('input.romanised');
  if (target.dataset.touched === 'true') return; // the reviewer typed their own romanisation
  try {
    const res = await fetch(state.endpoints.romanise, {
      method: 'POST',
      headers,
      body: JSON.stringify({ lines: [row.querySelector('input.original').value] }),
    });
    if (!res.ok) return;
    target.value = (await res.json()).lines[0] ?? target.value;
    delete target.dataset.stale;
  } catch {
    // offline or engine busy: the line stays marked stale and is romanised again on approval
  }
}

const timers = new WeakMap();
list.addEventListener('input', (event) => {
  const row = event.target.closest('li.line');
  if (!row) return;
  edited = true;
  const field = event.target.classList;
  if (field.contains('original')) {
    row.classList.add('edited');
    // An edited line is re-timed on approval; its word highlight no longer applies.
    row.querySelector('.words')?.remove();
    const romanised = row.querySelector('input.romanised');
    if (romanised.dataset.touched !== 'true') romanised.dataset.stale = 'true';
    clearTimeout(timers.get(row));
    timers.set(
      row,
      setTimeout(() => romanise(row), event.isTrusted ? 400 : 0),
    );
  } else if (field.contains('romanised')) {
    event.target.dataset.touched = 'true';
    delete event.target.dataset.stale;
  }
});

function addLineAfter(row) {
  edited = true;
  const fresh = document.getElementById('new-line').content.firstElementChild.cloneNode(true);
  if (row) row.after(fresh);
  else list.append(fresh);
  renumber();
  select(fresh, 'original');
}

function removeRow(row) {
  edited = true;
  const next = row.nextElementSibling ?? row.previousElementSibling;
  row.remove();
  renumber();
  select(next, 'original');
  song.refresh();
}

function acceptSuggestion(row, button) {
  const input = row.querySelector('input.original');
  input.value = button.dataset.suggested;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  button.closest('.suggestion').textContent = 'Second opinion accepted.';
  input.focus();
}

/** Tap-to-time: the row starts at the playhead; it moves whole, words and all, as the server will. */
function tapToTime(row) {
  if (!row) return;
  if (!state.timed) return say('Starts can be set once the lyrics are aligned.', false);
  const at = Math.round(audio.currentTime * 100) / 100;
  const index = rows().indexOf(row);
  const before = rows()
    .slice(0, index)
    .reverse()
    .find((r) => r.dataset.anchor);
  if (before && at < Number(before.dataset.anchor)) {
    return say(
      `Line ${index + 1} cannot start before line ${rows().indexOf(before) + 1}, which you set earlier.`,
      false,
    );
  }
  const start = num(row.dataset.start);
  const end = num(row.dataset.end);
  const shift = (value) => String(Math.round((Number(value) + at - start) * 1000) / 1000);
  row.dataset.end = start === null || end === null ? String(at + 3) : shift(end);
  for (const span of row.querySelectorAll('.words span')) {
    if (start === null) break;
    span.dataset.start = shift(span.dataset.start);
    span.dataset.end = shift(span.dataset.end);
  }
  row.dataset.start = String(at);
  row.dataset.anchor = String(at);
  row.classList.add('retimed');
  edited = true;
  labelRow(row, index + 1);
  say(`Line ${index + 1} now starts at ${clockOf(at)}.`);
  song.refresh();
  select(row.nextElementSibling?.matches('li.line') ? row.nextElementSibling : row);
}

const menu = rowMenu((action, row) => {
  if (action === 'play') song.playRow(row);
  else if (action === 'tap') tapToTime(row);
  else if (action === 'romanise') row.classList.toggle('show-romanised');
  else if (action === 'add') addLineAfter(row);
  else if (action === 'remove') removeRow(row);
});

list.addEventListener('click', (event) => {
  const row = event.target.closest('li.line');
  if (!row) return;
  if (event.target.closest('.time')) song.playRow(row);
  else if (event.target.closest('.row-menu-button')) menu.open(event.target.closest('.row-menu-button'));
  else if (event.target.closest('.accept')) acceptSuggestion(row, event.target.closest('.accept'));
});
document.getElementById('add-line').addEventListener('click', () => addLineAfter(null));
const explicitBox = document.getElementById('explicit');
const explicitAtStart = explicitBox.checked;
explicitBox.addEventListener('change', () => {
  edited = true;
});
document.getElementById('show-romanised').addEventListener('change', (event) => {
  list.classList.toggle('show-romanised', event.target.checked);
});

// --- the lines in doubt ---------------------------------------------------------------------------
function visit(row) {
  select(row);
  song.playRow(row);
  const reasons = row.dataset.doubts; // the server's words for them, "timing in doubt, no translation"
  say(`Line ${rows().indexOf(row) + 1}${reasons ? ` (${reasons})` : ''}: ${row.querySelector('input.original').value}`);
}

function step(direction) {
  const all = rows();
  const doubtful = all.filter((row) => row.dataset.doubts);
  if (doubtful.length === 0) return say('Nothing is in doubt.');
  const from = selected && all.includes(selected) ? all.indexOf(selected) : direction > 0 ? -1 : all.length;
  const ahead =
    direction > 0
      ? doubtful.find((row) => all.indexOf(row) > from)
      : [...doubtful].reverse().find((row) => all.indexOf(row) < from);
  visit(ahead ?? (direction > 0 ? doubtful[0] : doubtful[doubtful.length - 1]));
}

document.querySelector('.doubts')?.addEventListener('click', (event) => {
  const link = event.target.closest('a[data-line]');
  if (!link) return;
  event.preventDefault();
  visit(rows()[Number(link.dataset.line)]);
});

// --- the keyboard -------------------------------------------------------------------------------
function neighbour(row, direction) {
  const all = rows();
  return all[all.indexOf(row) + direction] ?? null;
}

document.addEventListener('keydown', (event) => {
  if (dialog.open || menu.isOpen()) return;
  if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
    event.preventDefault();
    return askApproval();
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const row = target.closest?.('li.line') ?? null;
  if (target.matches?.('input[type="text"]')) {
    if (!row) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      const field = [...target.classList].find((c) => ['original', 'romanised', 'translation'].includes(c));
      select(neighbour(row, 1), field);
    } else if (event.key === 'Escape') {
      row.focus();
    }
    return;
  }
  const onControl = Boolean(target.closest?.('button, a, summary, input, dialog'));
  const key = event.key;
  if (key === ' ' && !onControl) song.toggle();
  else if (key === 'ArrowLeft' || key === 'ArrowRight') song.seek(audio.currentTime + (key === 'ArrowLeft' ? -3 : 3));
  else if (key === 'n' || key === 'p') step(key === 'n' ? 1 : -1);
  else if (key === 't') tapToTime(selected ?? song.current);
  else if ((key === 'e' || key === 'F2') && selected) select(selected, 'original');
  else if ((key === 'Enter' || key === 'ArrowDown') && target === row) select(neighbour(row, 1));
  else if (key === 'ArrowUp' && target === row) select(neighbour(row, -1));
  else return;
  event.preventDefault();
});

// --- approving ----------------------------------------------------------------------------------
function approvalBody() {
  if (!edited) return {};
  const all = rows();
  const value = (row, field) => row.querySelector(`input.${field}`).value;
  const starts = all.map((row) => num(row.dataset.anchor));
  return {
    lines: all.map((row) => value(row, 'original')),
    // null: romanise this line again (it was edited and no fresh romanisation arrived).
    transliterated_lines: all.map((row) =>
      row.querySelector('input.romanised').dataset.stale === 'true' ? null : value(row, 'romanised'),
    ),
    translated_lines: all.map((row) => value(row, 'translation')),
    ...(starts.some((s) => s !== null) ? { line_starts: starts } : {}),
    ...(explicitBox.checked !== explicitAtStart ? { explicit: explicitBox.checked } : {}),
  };
}

function askApproval() {
  if (document.getElementById('approve').disabled) return;
  const count = rows().length;
  document.getElementById('confirm-text').textContent =
    `Approve ${count} line${count === 1 ? '' : 's'}${edited ? ' with your corrections' : ''}? ` +
    'The lyrics are released to the distributor; this cannot be undone.';
  dialog.showModal();
}
document.getElementById('approve').addEventListener('click', askApproval);
document.getElementById('cancel').addEventListener('click', () => dialog.close());
document.getElementById('confirm-approve').addEventListener('click', async () => {
  dialog.close();
  say('Approving…');
  try {
    const res = await fetch(state.endpoints.approve, {
      method: 'POST',
      headers,
      body: JSON.stringify(approvalBody()),
    });
    const result = await res.json();
    if (!res.ok) return say(`Not approved: ${result.message} (${result.code})`, false);
    if (result.already_approved) return say('This job was already approved. Nothing was changed.');
    const timing =
      {
        realigned: ' Your edits were re-timed against the song.',
        word_timings_dropped: ' Line timings were kept; the word timings were removed.',
        line_timings_unchanged: ' Line timings were kept.',
      }[result.alignment] ?? (result.aligning ? ' Alignment now runs on the approved text.' : '');
    const starts = result.starts_set ? ` ${result.starts_set} start(s) set by ear.` : '';
    say(`Approved: ${result.lines_edited} line(s) edited.${starts}${timing}`);
    document.getElementById('approve').disabled = true;
  } catch (error) {
    say(`Not approved: ${error.message}. Check your connection and try again.`, false);
  }
});

document.getElementById('realign')?.addEventListener('click', async () => {
  say('Re-aligning…');
  const res = await fetch(state.endpoints.realign, { method: 'POST', headers, body: '{}' });
  const result = await res.json();
  say(
    res.ok ? `Re-alignment: ${result.realigned ? 'done' : (result.reason ?? result.status)}.` : result.message,
    res.ok,
  );
});

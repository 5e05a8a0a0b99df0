// The lyrics editor of the review page and the studio. Plain JavaScript, no build step: the server
// renders every line; this script follows the song (current line and word), seeks on click, offers a
// fresh romanisation when a line is edited, adds and removes lines, accepts suggestions, and approves.
(() => {
  const state = JSON.parse(document.getElementById('editor-state').textContent);
  const audio = document.getElementById('song');
  const list = document.getElementById('lines');
  const outcome = document.getElementById('outcome');
  const dialog = document.getElementById('confirm');
  const headers = { 'content-type': 'application/json' };
  if (state.csrf) headers['x-csrf-token'] = state.csrf;

  const rows = () => [...list.querySelectorAll('li.line')];
  const num = (v) => (v === '' || v === undefined ? null : Number(v));

  // --- following the song -------------------------------------------------------------------
  let currentRow = null;
  function follow() {
    const t = audio.currentTime;
    let found = null;
    for (const row of rows()) {
      const start = num(row.dataset.start);
      const end = num(row.dataset.end);
      if (start !== null && t >= start && (end === null || t < end)) found = row;
    }
    if (found !== currentRow) {
      currentRow?.classList.remove('current');
      currentRow?.removeAttribute('aria-current');
      found?.classList.add('current');
      found?.setAttribute('aria-current', 'true');
      currentRow = found;
    }
    for (const span of list.querySelectorAll('.words span')) {
      const on = t >= Number(span.dataset.start) && t < Number(span.dataset.end);
      span.classList.toggle('current', on);
    }
  }
  audio.addEventListener('timeupdate', follow);
  audio.addEventListener('seeked', follow);

  // --- editing ------------------------------------------------------------------------------
  let edited = false;
  async function romanise(row) {
    const original = row.querySelector('input.original').value;
    const target = row.querySelector('input.romanised');
    if (target.dataset.touched === 'true') return; // the reviewer typed their own romanisation
    try {
      const res = await fetch(state.endpoints.romanise, {
        method: 'POST',
        headers,
        body: JSON.stringify({ lines: [original] }),
      });
      if (res.ok) target.value = (await res.json()).lines[0] ?? target.value;
    } catch {
      // offline or engine busy: the reviewer can still type the romanisation
    }
  }

  function bindRow(row) {
    row.querySelector('.time')?.addEventListener('click', () => {
      const start = num(row.dataset.start);
      if (start === null) return;
      audio.currentTime = start;
      audio.play().catch(() => {});
    });
    let timer = null;
    row.querySelector('input.original').addEventListener('input', (event) => {
      edited = true;
      row.classList.add('edited');
      // Timings of an edited line are re-derived on approval; its word highlight no longer applies.
      row.querySelector('.words')?.remove();
      clearTimeout(timer);
      timer = setTimeout(() => romanise(row), event.isTrusted ? 400 : 0);
    });
    row.querySelector('input.romanised').addEventListener('input', (event) => {
      edited = true;
      event.target.dataset.touched = 'true';
    });
    row.querySelector('.remove').addEventListener('click', () => {
      edited = true;
      const next = row.nextElementSibling ?? row.previousElementSibling;
      row.remove();
      renumber();
      next?.querySelector('input.original')?.focus();
    });
    row.querySelector('.add').addEventListener('click', () => addLineAfter(row));
    row.querySelector('.accept')?.addEventListener('click', (event) => {
      const input = row.querySelector('input.original');
      input.value = event.target.dataset.suggested;
      input.dispatchEvent(new Event('input'));
      event.target.closest('.suggestion').textContent = 'Suggestion accepted.';
      input.focus();
    });
  }

  function renumber() {
    rows().forEach((row, i) => {
      row.querySelector('.label-original').textContent = `Line ${i + 1}`;
    });
  }

  function addLineAfter(row) {
    edited = true;
    const template = document.getElementById('new-line');
    const fresh = template.content.firstElementChild.cloneNode(true);
    if (row) row.after(fresh);
    else list.append(fresh);
    bindRow(fresh);
    renumber();
    fresh.querySelector('input.original').focus();
  }
  document.getElementById('add-line').addEventListener('click', () => addLineAfter(null));
  rows().forEach(bindRow);

  // --- approving ----------------------------------------------------------------------------
  function report(text, ok) {
    outcome.textContent = text;
    outcome.className = ok ? 'ok' : 'error';
  }

  document.getElementById('approve').addEventListener('click', () => {
    const count = rows().length;
    document.getElementById('confirm-text').textContent =
      `Approve ${count} line${count === 1 ? '' : 's'}${edited ? ' with your corrections' : ''}? ` +
      'The lyrics are released to the distributor; this cannot be undone.';
    dialog.showModal();
  });
  document.getElementById('cancel').addEventListener('click', () => dialog.close());
  document.getElementById('confirm-approve').addEventListener('click', async () => {
    dialog.close();
    const lines = rows().map((row) => row.querySelector('input.original').value);
    const transliterated = rows().map((row) => row.querySelector('input.romanised').value);
    const body = edited ? { lines, transliterated_lines: transliterated } : {};
    report('Approving…', true);
    try {
      const res = await fetch(state.endpoints.approve, { method: 'POST', headers, body: JSON.stringify(body) });
      const result = await res.json();
      if (!res.ok) return report(`Not approved: ${result.message} (${result.code})`, false);
      if (result.already_approved) return report('This job was already approved. Nothing was changed.', true);
      const timing =
        {
          realigned: ' Your edits were re-timed against the song.',
          word_timings_dropped: ' Line timings were kept; the word timings were removed.',
          line_timings_unchanged: ' Line timings were kept.',
        }[result.alignment] ?? (result.aligning ? ' Alignment now runs on the approved text.' : '');
      report(`Approved: ${result.lines_edited} line(s) edited.${timing}`, true);
      document.getElementById('approve').disabled = true;
    } catch (error) {
      report(`Not approved: ${error.message}. Check your connection and try again.`, false);
    }
  });

  document.getElementById('realign')?.addEventListener('click', async () => {
    report('Re-aligning…', true);
    const res = await fetch(state.endpoints.realign, { method: 'POST', headers, body: '{}' });
    const result = await res.json();
    report(
      res.ok ? `Re-alignment: ${result.realigned ? 'done' : (result.reason ?? result.status)}.` : result.message,
      res.ok,
    );
  });
})();

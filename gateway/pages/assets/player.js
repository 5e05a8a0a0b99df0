// Following the song: the play button and clock, the line being sung (highlighted in the list, its
// words lit one by one in the "now" strip, and announced once to screen readers) and the waveform.
import { waveform } from './waveform.js';

export const num = (v) => (v === '' || v === undefined || v === null ? null : Number(v));

/** 83.5 → "01:23.50", as the rows show times. */
export function clockOf(seconds) {
  const s = Math.max(0, seconds);
  const minutes = Math.floor(s / 60);
  const rest = s - minutes * 60;
  return `${String(minutes).padStart(2, '0')}:${rest.toFixed(2).padStart(5, '0')}`;
}

export function player({ audio, list, rows, endpoints }) {
  const playButton = document.getElementById('play');
  const clock = document.getElementById('clock');
  const now = document.getElementById('now');
  const announced = document.getElementById('now-announced');
  let currentRow = null;

  const wave = waveform(document.getElementById('waveform'), endpoints.audio, {
    regions: () =>
      rows().map((row) => ({
        start: num(row.dataset.start),
        end: num(row.dataset.end),
        doubtful: row.classList.contains('doubtful'),
        current: row === currentRow,
      })),
    time: () => audio.currentTime,
    duration: () => audio.duration,
    seek: (t) => seek(t),
  });

  function rowAt(t) {
    let found = null;
    for (const row of rows()) {
      const start = num(row.dataset.start);
      const end = num(row.dataset.end);
      if (start !== null && t >= start && (end === null || t < end)) found = row;
    }
    return found;
  }

  function showNow(row) {
    now.replaceChildren();
    if (!row) return;
    const words = row.querySelector('.words');
    if (words) now.append(...[...words.children].flatMap((span) => [span.cloneNode(true), ' ']));
    else now.textContent = row.querySelector('input.original').value;
    // Announced once per line, not per word: a live region that chatters is worse than none.
    announced.textContent = `Line ${rows().indexOf(row) + 1}: ${row.querySelector('input.original').value}`;
  }

  function follow() {
    const t = audio.currentTime;
    clock.textContent = clockOf(t);
    const found = rowAt(t);
    if (found !== currentRow) {
      currentRow?.classList.remove('current');
      currentRow?.removeAttribute('aria-current');
      found?.classList.add('current');
      found?.setAttribute('aria-current', 'true');
      currentRow = found;
      showNow(found);
    }
    for (const span of now.querySelectorAll('span')) {
      span.classList.toggle('current', t >= Number(span.dataset.start) && t < Number(span.dataset.end));
    }
    wave.draw();
  }

  let frame = 0;
  function tick() {
    follow();
    frame = audio.paused ? 0 : requestAnimationFrame(tick);
  }
  audio.addEventListener('play', () => {
    playButton.textContent = 'Pause';
    if (!frame) frame = requestAnimationFrame(tick);
  });
  audio.addEventListener('pause', () => {
    playButton.textContent = 'Play';
  });
  audio.addEventListener('seeked', follow);
  audio.addEventListener('loadedmetadata', follow);

  function toggle() {
    if (audio.paused) audio.play().catch(() => {});
    else audio.pause();
  }
  function seek(t) {
    const end = Number.isFinite(audio.duration) ? audio.duration : t;
    audio.currentTime = Math.min(Math.max(0, t), end);
    follow();
  }
  playButton.addEventListener('click', toggle);

  return {
    toggle,
    seek,
    /** Seeks to a row's start and plays; false for a row with no time. */
    playRow(row) {
      const start = num(row.dataset.start);
      if (start === null) return false;
      seek(start);
      audio.play().catch(() => {});
      return true;
    },
    refresh: follow,
    get current() {
      return currentRow;
    },
    list,
  };
}

// The song's waveform on a canvas, with a region per line and the playhead. The audio is decoded
// in the browser (the server keeps no decoded copy); until it is, or if it cannot be, the regions
// and playhead are drawn on an empty track so the timeline still works.
const COLOURS = {
  wave: '#9aa5b1',
  played: '#3d5a80',
  region: 'rgba(11, 87, 208, 0.10)',
  current: 'rgba(255, 213, 79, 0.55)',
  doubtful: 'rgba(160, 54, 28, 0.22)',
  playhead: '#d1495b',
};

/** Per pixel column, the largest absolute sample: enough to draw, a few kilobytes to keep. */
function peaksOf(buffer, columns) {
  const samples = buffer.getChannelData(0);
  const per = Math.max(1, Math.floor(samples.length / columns));
  const peaks = new Float32Array(columns);
  for (let c = 0; c < columns; c++) {
    let max = 0;
    const end = Math.min(samples.length, (c + 1) * per);
    for (let i = c * per; i < end; i += 4) {
      const v = Math.abs(samples[i]);
      if (v > max) max = v;
    }
    peaks[c] = max;
  }
  return peaks;
}

/**
 * regions(): [{start, end, doubtful, current}] in seconds; time(): the playhead; duration(): the
 * song's length (NaN until known); seek(seconds) on click.
 */
export function waveform(canvas, audioUrl, { regions, time, duration, seek }) {
  const context = canvas.getContext('2d');
  let buffer = null;
  let peaks = null;

  function size() {
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
    const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      peaks = buffer ? peaksOf(buffer, width) : null;
    }
  }

  function draw() {
    size();
    const { width, height } = canvas;
    const total = duration() || buffer?.duration || 0;
    context.clearRect(0, 0, width, height);
    if (!total) return;
    const x = (t) => (t / total) * width;
    for (const r of regions()) {
      if (r.start === null) continue;
      context.fillStyle = r.current ? COLOURS.current : r.doubtful ? COLOURS.doubtful : COLOURS.region;
      const left = x(r.start);
      context.fillRect(left, 0, Math.max(1, x(r.end ?? r.start + 1) - left), height);
    }
    const head = x(time());
    if (peaks) {
      const mid = height / 2;
      for (let c = 0; c < peaks.length; c++) {
        const h = Math.max(1, peaks[c] * (height - 4));
        context.fillStyle = c < head ? COLOURS.played : COLOURS.wave;
        context.fillRect(c, mid - h / 2, 1, h);
      }
    }
    context.fillStyle = COLOURS.playhead;
    context.fillRect(Math.round(head) - 1, 0, 2, height);
  }

  canvas.addEventListener('click', (event) => {
    const total = duration() || buffer?.duration || 0;
    if (!total) return;
    const rect = canvas.getBoundingClientRect();
    seek(((event.clientX - rect.left) / rect.width) * total);
  });
  window.addEventListener('resize', draw);

  fetch(audioUrl)
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
    // An offline context decodes without a user gesture and without opening an audio device.
    .then((bytes) => new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes))
    .then((decoded) => {
      buffer = decoded;
      peaks = peaksOf(buffer, canvas.width);
      canvas.dataset.decoded = 'true';
      draw();
    })
    .catch(() => {
      canvas.dataset.decoded = 'false';
    });

  return { draw };
}

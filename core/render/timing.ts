/** Time formats of the timed-lyrics files. */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** mm:ss.xx (LRC and the spec's word timestamps), minutes unbounded. */
export function lrcTime(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100));
  return `${pad(Math.floor(centis / 6000))}:${pad(Math.floor((centis % 6000) / 100))}.${pad(centis % 100)}`;
}

/** HH:MM:SS,mmm (SRT). */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor((ms % 3_600_000) / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))},${pad(ms % 1000, 3)}`;
}

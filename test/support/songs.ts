/**
 * The real songs in ../shared/data/songs, read in place (never copied into the repository): a clip
 * of a song's MP3 cut at frame boundaries, and its hand-timed lines and words within the clip.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LyricLine } from '../../core/jobs/job.ts';

export const SONGS_DIR = path.resolve(import.meta.dirname, '../../../shared/data/songs');

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

interface Frame {
  offset: number;
  length: number;
  seconds: number;
}

/** The Layer III frame at `offset`, or null where there is none. */
function frameAt(mp3: Buffer, offset: number): Frame | null {
  if (offset + 4 > mp3.length || mp3[offset] !== 0xff || (mp3[offset + 1]! & 0xe0) !== 0xe0) return null;
  const version = (mp3[offset + 1]! >> 3) & 3;
  const layer = (mp3[offset + 1]! >> 1) & 3;
  const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[mp3[offset + 2]! >> 4];
  const rate = RATES[version]?.[(mp3[offset + 2]! >> 2) & 3];
  if (layer !== 1 || !kbps || !rate) return null;
  const padding = (mp3[offset + 2]! >> 1) & 1;
  const length = Math.floor(((version === 3 ? 144_000 : 72_000) * kbps) / rate) + padding;
  return { offset, length, seconds: (version === 3 ? 1152 : 576) / rate };
}

/**
 * The song's first `seconds` as an MP3 of whole frames. The ID3 tag and the first frame's
 * Xing/Info header (which states the whole song's length) are left out, so the clip claims nothing.
 */
export function mp3Clip(mp3: Buffer, seconds: number): Buffer {
  let offset = 0;
  if (mp3.subarray(0, 3).toString('latin1') === 'ID3') {
    const size = ((mp3[6]! & 0x7f) << 21) | ((mp3[7]! & 0x7f) << 14) | ((mp3[8]! & 0x7f) << 7) | (mp3[9]! & 0x7f);
    offset = 10 + size + (mp3[5]! & 0x10 ? 10 : 0);
  }
  while (offset < mp3.length && !frameAt(mp3, offset)) offset++;
  const first = frameAt(mp3, offset);
  if (!first) throw new Error('no MP3 frame found');
  const header = mp3.subarray(first.offset, first.offset + first.length).toString('latin1');
  if (/Xing|Info|VBRI/.test(header)) offset += first.length;
  const start = offset;
  let elapsed = 0;
  for (let frame = frameAt(mp3, offset); frame && elapsed < seconds; frame = frameAt(mp3, offset)) {
    offset += frame.length;
    elapsed += frame.seconds;
  }
  return mp3.subarray(start, offset);
}

const csvRows = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.split(','));

/**
 * The song's hand-timed lines that end within the clip, with their words' timings (the words file
 * times each whitespace-separated word of each line, in order).
 */
export function referenceLines(song: string, seconds: number): LyricLine[] {
  const dir = path.join(SONGS_DIR, song);
  const lines = readFileSync(path.join(dir, 'lines.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => {
      const [start, end, ...text] = row.split(',');
      return { start: Number(start), end: Number(end), text: text.join(',') };
    });
  const words = csvRows(path.join(dir, 'words.csv')).map(([start, end]) => ({
    start: Number(start),
    end: Number(end),
  }));
  let next = 0;
  const out: LyricLine[] = [];
  for (const line of lines) {
    const texts = line.text.split(/\s+/).filter(Boolean);
    const timed = words.slice(next, next + texts.length);
    next += texts.length;
    if (line.end > seconds) break;
    out.push({
      text: line.text,
      transliteration: line.text,
      translation: null,
      start: line.start,
      end: line.end,
      words: texts.map((word, i) => ({ word, start: timed[i]!.start, end: timed[i]!.end })),
      confidence: 0.9,
      flagged: false,
    });
  }
  return out;
}

export const songMp3 = (song: string) => readFileSync(path.join(SONGS_DIR, song, 'audio.mp3'));

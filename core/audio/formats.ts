/** The accepted audio formats, recognised by their content (magic bytes), not only by name. */
import { Transform } from 'node:stream';

export const AUDIO_FORMATS = ['mp3', 'wav', 'flac', 'm4a', 'aac', 'ogg', 'webm'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** Bytes needed to recognise every format. */
export const SNIFF_BYTES = 16;

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

export function sniffAudioFormat(head: Buffer): AudioFormat | null {
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return 'wav';
  if (ascii(head, 0, 'fLaC')) return 'flac';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  if (ascii(head, 4, 'ftyp')) return 'm4a';
  if (ascii(head, 0, 'ID3')) return 'mp3';
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const layer = (head[1]! >> 1) & 0x03;
    if (layer === 0) return 'aac'; // ADTS: MPEG sync word with layer bits 00
    return 'mp3';
  }
  return null;
}

export function formatFromFilename(name: string): AudioFormat | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return (AUDIO_FORMATS as readonly string[]).includes(ext) ? (ext as AudioFormat) : null;
}

/** MIME types a client may label an upload with; octet-stream is accepted and the content decides. */
const MIME_TYPES = new Set([
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/flac',
  'audio/x-flac',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/aac',
  'audio/x-aac',
  'audio/aacp',
  'audio/ogg',
  'application/ogg',
  'audio/webm',
  'video/webm',
  'application/octet-stream',
]);

export function isAcceptedMimeType(mime: string | undefined): boolean {
  return !mime || MIME_TYPES.has(mime.toLowerCase().split(';')[0]!.trim());
}

/** The file name without any path, and without characters that would break a Content-Disposition header. */
export function baseName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? 'audio';
  const stem = base.replace(/\.[^.]*$/, '');
  return stem.replace(/[^\p{L}\p{M}\p{N}._ -]/gu, '_').slice(0, 120) || 'audio';
}

/** A pass-through stream that keeps the first SNIFF_BYTES for sniffAudioFormat (and shows every chunk to onChunk). */
export function headCapture(onChunk: (chunk: Buffer) => void = () => {}): { stream: Transform; head: () => Buffer } {
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      onChunk(chunk);
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  return { stream, head: () => head };
}

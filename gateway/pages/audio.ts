/**
 * The job's stored audio for the editor's player, with byte ranges (browsers seek by asking for a
 * range; without them clicking a line could not jump there). The type comes from the file's content.
 */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AudioFormat, SNIFF_BYTES, sniffAudioFormat } from '../../core/audio/formats.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';

const CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
};

async function contentTypeOf(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    await handle.read(head, 0, SNIFF_BYTES, 0);
    const format = sniffAudioFormat(head);
    return format ? CONTENT_TYPES[format] : 'application/octet-stream';
  } finally {
    await handle.close();
  }
}

/** Parses a single `bytes=a-b` range against a size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStore,
  job: JobRecord,
): Promise<FastifyReply> {
  if (!job.audio_key || !(await storage.exists(job.audio_key))) {
    return reply.status(404).type('text/plain').send('This job has no stored audio.');
  }
  const file = await storage.localPath(job.audio_key);
  const { size } = await stat(file);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .type(await contentTypeOf(file));
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') return reply.status(416).header('content-range', `bytes */${size}`).send();
  if (range === null) return reply.header('content-length', size).send(createReadStream(file));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(file, { start: range.start, end: range.end }));
}

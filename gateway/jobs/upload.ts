/**
 * Reads a multipart submission: its text fields and at most one `file`, streamed into object
 * storage while it is hashed and its first bytes are kept to recognise the format by content.
 * Over the 4.5 MB ceiling the client gets 413 with an explanation (the rest of its body is read
 * and discarded by Node, so the connection is not dropped mid-upload).
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Upload } from '../../core/app/create-jobs.ts';
import {
  AUDIO_FORMATS,
  baseName,
  formatFromFilename,
  headCapture,
  isAcceptedMimeType,
  sniffAudioFormat,
} from '../../core/audio/formats.ts';
import { apiError, invalid } from '../../core/errors.ts';
import { newUuid } from '../../core/ids.ts';
import { MAX_UPLOAD_BYTES } from '../../core/policy.ts';
import type { ObjectStore } from '../../core/ports/object-store.ts';

const ACCEPTED = AUDIO_FORMATS.join(', ');

const tooLarge = () => apiError('BODY_001', 'upload');

export async function readMultipart(
  request: FastifyRequest,
  storage: ObjectStore,
  orgId: string,
): Promise<{ fields: Record<string, string>; upload: Upload | null }> {
  const fields: Record<string, string> = {};
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw invalid(`${part.fieldname} is too long`);
        if (part.fieldname in fields) throw invalid(`${part.fieldname} is sent twice`);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file')
        throw invalid(`Unexpected file field ${part.fieldname.slice(0, 40)}; send the audio as "file"`);
      if (upload) throw invalid('Send one file per submission');
      if (!formatFromFilename(part.filename ?? '')) throw invalid(`The file name must end in one of: ${ACCEPTED}`);
      if (!isAcceptedMimeType(part.mimetype))
        throw invalid(`Unsupported audio MIME type ${part.mimetype.slice(0, 60)}`);
      const hash = createHash('sha256');
      const inspect = headCapture((chunk) => hash.update(chunk));
      const key = `audio/${orgId}/${newUuid()}`;
      // pipeline (not .pipe): an aborted or timed-out upload fails the store's write, which removes its partial file.
      const size = await storage.put(
        key,
        pipeline(part.file, inspect.stream, () => {}),
        { maxBytes: MAX_UPLOAD_BYTES },
      );
      upload = { key, format: 'mp3', filename: baseName(part.filename ?? 'audio'), sha256: hash.digest('hex'), size };
      if (part.file.truncated) throw tooLarge();
      if (size === 0) throw invalid('The file is empty');
      const format = sniffAudioFormat(inspect.head());
      if (!format) throw invalid(`The file's content is not audio in an accepted format (${ACCEPTED})`);
      upload.format = format;
    }
  } catch (error) {
    if (upload) await storage.delete(upload.key).catch(() => {});
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || (error as Error).name === 'ObjectTooLargeError') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw invalid('Send one file per submission');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw invalid('Too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_PROTO_VIOLATION')
      throw invalid('Malformed multipart body');
    if (
      error instanceof Error &&
      /Unexpected end of form|Malformed part header|Multipart: Boundary not found/.test(error.message)
    ) {
      throw invalid('Malformed or truncated multipart body');
    }
    throw error;
  }
  return { fields, upload };
}

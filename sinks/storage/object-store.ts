/**
 * Object storage for audio copies and rendered files. Streams in and out: a 100 MB upload never
 * sits in memory. Adapters: a local folder (local-store.ts) and S3-compatible storage (s3-store.ts),
 * chosen by VERSE_STORAGE_URL.
 */
import { type Readable, Transform } from 'node:stream';

export class ObjectTooLargeError extends Error {
  override readonly name = 'ObjectTooLargeError';
}

export interface ObjectStore {
  /** Stores the stream under key, refusing (and storing nothing) past maxBytes. Returns the size. */
  put(key: string, body: Readable | Buffer, options?: { maxBytes?: number }): Promise<number>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** A local path for tools that need a file (the engine reads audio from a path it can see). */
  localPath(key: string): Promise<string>;
  delete(key: string): Promise<void>;
}

/** A pass-through that counts bytes and fails with ObjectTooLargeError past maxBytes. */
export function byteLimit(maxBytes = Number.POSITIVE_INFINITY): Transform & { readonly size: number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new ObjectTooLargeError(`object exceeds ${maxBytes} bytes`));
      done(null, chunk);
    },
  });
  return Object.defineProperty(counter, 'size', { get: () => size }) as Transform & { readonly size: number };
}

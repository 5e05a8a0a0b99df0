/**
 * Object storage for audio copies and rendered files. Streams in and out: a 100 MB upload never
 * sits in memory. Adapters: a local folder (here) and S3-compatible storage (scale-out issue).
 */
import type { Readable } from 'node:stream';

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

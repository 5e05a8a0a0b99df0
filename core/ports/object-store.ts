/**
 * Object storage for audio copies and rendered files, streamed in and out: a 100 MB upload never
 * sits in memory. Adapters: a local folder (sinks/storage/local-store.ts) and S3-compatible storage
 * (sinks/storage/s3-store.ts), chosen by VERSE_STORAGE_URL. The speech engine reads the same store
 * by key (engine/verse_engine/service/storage.py).
 */
import type { Readable } from 'node:stream';
import { VerseError } from '../verse-error.ts';

export class ObjectTooLargeError extends VerseError {}

export interface ObjectStore {
  /** Stores the stream under key, refusing (and storing nothing) past maxBytes. Returns the size. */
  put(key: string, body: Readable | Buffer, options?: { maxBytes?: number }): Promise<number>;
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** A local file with the object's bytes, for the gateway's ranged audio answers. */
  localPath(key: string): Promise<string>;
  delete(key: string): Promise<void>;
}

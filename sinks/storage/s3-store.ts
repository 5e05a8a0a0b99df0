/**
 * ObjectStore on S3-compatible storage (VERSE_STORAGE_URL=s3://bucket/prefix, VERSE_S3_ENDPOINT for
 * a non-AWS endpoint, credentials from the standard AWS variables). Uploads stream as multipart
 * parts, so a 100 MB file never sits in memory; a body past maxBytes aborts the upload and leaves
 * nothing under the key. Tools that need a file (the engine) get a local copy in a cache folder,
 * written under a temporary name and renamed into place.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import { byteLimit } from './object-store.ts';

export interface S3Location {
  bucket: string;
  prefix: string;
}

/** Parses s3://bucket/prefix. */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error(`not an s3://bucket/prefix URL: ${url}`);
  return { bucket: parsed.hostname, prefix: parsed.pathname.replace(/^\/+|\/+$/g, '') };
}

const PART_BYTES = 8 * 1024 * 1024;

export class S3ObjectStore implements ObjectStore {
  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
    private readonly cacheDir: string,
  ) {}

  private keyOf(key: string): string {
    if (key.split('/').some((part) => part === '..' || part === '')) throw new Error(`invalid object key: ${key}`);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable | Buffer, options: { maxBytes?: number } = {}): Promise<number> {
    const counter = byteLimit(options.maxBytes);
    const stream = new PassThrough();
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.keyOf(key), Body: stream },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const [fed, uploaded] = await Promise.allSettled([pipeline(source, counter, stream), upload.done()]);
    if (fed.status === 'fulfilled' && uploaded.status === 'fulfilled') return counter.size;
    await upload.abort().catch(() => undefined);
    // A small body may have completed as a single PUT before the limit tripped: remove it.
    await this.delete(key).catch(() => undefined);
    throw fed.status === 'rejected' ? fed.reason : (uploaded as PromiseRejectedResult).reason;
  }

  async get(key: string): Promise<Readable> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
    return res.Body as Readable;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return false;
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async localPath(key: string): Promise<string> {
    const file = path.join(this.cacheDir, createHash('sha256').update(this.keyOf(key)).digest('hex'));
    if (
      await stat(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    await mkdir(this.cacheDir, { recursive: true });
    const temp = `${file}.${randomUUID()}.part`;
    try {
      await pipeline(await this.get(key), createWriteStream(temp));
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return file;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }));
    const cached = path.join(this.cacheDir, createHash('sha256').update(this.keyOf(key)).digest('hex'));
    await rm(cached, { force: true });
  }
}

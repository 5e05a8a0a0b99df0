/**
 * The ObjectStore contract, run against both adapters: the local folder and S3-compatible storage
 * (moto's server on loopback, started by `make test` through ops/s3.sh).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ObjectStore, ObjectTooLargeError } from '../../core/ports/object-store.ts';
import { objectStoreFor } from '../../ops/platform.ts';
import { LocalObjectStore } from '../../sinks/storage/local-store.ts';
import { testConfig } from '../support/platform.ts';

const S3_ENDPOINT = process.env.VERSE_TEST_S3_ENDPOINT ?? 'http://127.0.0.1:5055';
const BUCKET = 'verse-test';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'verse-store-'));

const s3 = new S3Client({
  region: 'us-east-1',
  endpoint: S3_ENDPOINT,
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

beforeAll(async () => {
  // moto accepts any credentials; the adapter reads them the standard AWS way.
  process.env.AWS_ACCESS_KEY_ID ??= 'test';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET })).catch((error: { name?: string }) => {
    if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
  });
});

/** A stream of n bytes made in 1 MB chunks, never held whole. */
function chunks(n: number, seed: Buffer): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= n) return this.push(null);
      const size = Math.min(1024 * 1024, n - sent);
      sent += size;
      this.push(Buffer.alloc(size, seed));
    },
  });
}

const adapters: [string, () => ObjectStore][] = [
  ['local folder', () => new LocalObjectStore(scratch())],
  // Through the composition root, as VERSE_STORAGE_URL and VERSE_S3_ENDPOINT configure it.
  [
    'S3 (moto)',
    () =>
      objectStoreFor(
        testConfig({
          VERSE_STORAGE_URL: `s3://${BUCKET}/run-${Date.now()}`,
          VERSE_S3_ENDPOINT: S3_ENDPOINT,
          VERSE_DATA_DIR: scratch(),
        }),
      ),
  ],
];

describe.each(adapters)('ObjectStore: %s', (_name, make) => {
  it('stores and reads back a buffer, and gives tools a local file with the same bytes', async () => {
    const store = make();
    const body = randomBytes(100_000);
    expect(await store.put('audio/a.wav', body)).toBe(body.length);
    expect(await store.exists('audio/a.wav')).toBe(true);
    const chunksRead: Buffer[] = [];
    for await (const c of await store.get('audio/a.wav')) chunksRead.push(c as Buffer);
    expect(Buffer.concat(chunksRead).equals(body)).toBe(true);
    expect((await readFile(await store.localPath('audio/a.wav'))).equals(body)).toBe(true);
    await store.delete('audio/a.wav');
    expect(await store.exists('audio/a.wav')).toBe(false);
  });

  it('streams a 20 MB body in parts', async () => {
    const store = make();
    const size = 20 * 1024 * 1024;
    expect(await store.put('audio/big.wav', chunks(size, Buffer.from('x')))).toBe(size);
    const file = await store.localPath('audio/big.wav');
    expect((await readFile(file)).length).toBe(size);
  });

  it('refuses a body past maxBytes and stores nothing under the key', async () => {
    const store = make();
    await expect(
      store.put('audio/too-big.wav', chunks(3 * 1024 * 1024, Buffer.from('y')), { maxBytes: 1024 * 1024 }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.exists('audio/too-big.wav')).toBe(false);
  });

  it('refuses keys that would escape their prefix', async () => {
    const store = make();
    await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow();
  });
});

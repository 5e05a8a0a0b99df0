/** ObjectStore on a local folder. Writes go to a temporary name and are renamed into place, so a crash leaves no half file under the key. */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../../core/ports/object-store.ts';
import { byteLimit } from './object-store.ts';

export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`object key escapes the store: ${key}`);
    return full;
  }

  async put(key: string, body: Readable | Buffer, options: { maxBytes?: number } = {}): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.part`;
    const counter = byteLimit(options.maxBytes);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, counter, createWriteStream(temp));
      await rename(temp, target);
      return counter.size;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async localPath(key: string): Promise<string> {
    return this.pathOf(key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

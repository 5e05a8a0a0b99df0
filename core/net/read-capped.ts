import type { Readable } from 'node:stream';

/** Reads at most maxBytes of a response body (the rest is discarded). */
export async function readCapped(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    if (size < maxBytes) chunks.push(buf.subarray(0, maxBytes - size));
    size += buf.length;
    if (size >= maxBytes) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

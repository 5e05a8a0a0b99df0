/** What both object-store adapters share: a byte counter that refuses a body past its limit. */
import { Transform } from 'node:stream';
import { ObjectTooLargeError } from '../../core/ports/object-store.ts';

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

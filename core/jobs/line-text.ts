/** The identity of a job's text, so timings can tell whether they were made for the current lines. */
import { createHash } from 'node:crypto';
import type { LyricLine } from './job.ts';

export function lineTextHash(lines: readonly Pick<LyricLine, 'text'>[]): string {
  return createHash('sha256')
    .update(lines.map((l) => l.text).join('\n'))
    .digest('hex');
}

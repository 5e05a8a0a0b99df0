/**
 * Which job changes no client can see. A processor claiming a job (its attempt counter and start
 * time) or storing the audio it fetched changes nothing that the API, a feed row, a `jobs.changes`
 * record or a webhook shows. Such a change keeps the job's updated_at and writes no feed row and no
 * change record: a sync loop is not woken by it and a data team is not sent a record equal to the
 * one before. test/unit/core/jobs/unseen-changes.test.ts holds every presentation to this list.
 */
import type { JobRecord } from './job.ts';

export const UNSEEN_FIELDS = [
  'transcription_attempt',
  'transcription_started_at',
  'alignment_attempt',
  'alignment_started_at',
  'audio_key',
  'audio_format',
] as const satisfies readonly (keyof JobRecord)[];

const unseen = new Set<string>(UNSEEN_FIELDS);
/** Fields every change moves, seen or not. */
const BOOKKEEPING = new Set<string>(['version', 'updated_at']);

/**
 * True when `next` differs from `prev` only in unseen fields, and in at least one of them (an empty
 * change is a deliberate re-stamp, which must be seen). `next` is built by spreading `prev`, so a
 * field left alone keeps its identity and is compared by reference.
 */
export function isUnseenChange(prev: JobRecord, next: JobRecord): boolean {
  let changedUnseen = false;
  for (const key of Object.keys(next) as (keyof JobRecord)[]) {
    if (BOOKKEEPING.has(key) || prev[key] === next[key]) continue;
    if (!unseen.has(key)) return false;
    changedUnseen = true;
  }
  return changedUnseen;
}

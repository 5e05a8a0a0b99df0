/**
 * The catalogue's state file: what was submitted (job ids by song key), what came back, and the
 * change feed's high-water mark. Written whole through a temporary file and a rename after every
 * step, so a kill at any moment leaves the previous or the next state, never half of one; what a
 * kill loses (an answer not yet recorded) the next run replays under the same Idempotency-Key.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';

export type SongStatus =
  | 'to_submit'
  | 'needs_url'
  | 'rejected'
  | 'queued'
  | 'processing'
  | 'review'
  | 'complete'
  | 'failed';

export interface SongState {
  origin: string;
  status: SongStatus;
  job_id: string | null;
  batch_id: string | null;
  /** The folder of its lyrics under the output tree, once downloaded. */
  folder: string | null;
  external_id: string | null;
  isrc: string | null;
  /** The job's last change settled here (its feed row's `updated_at`). */
  updated_at: string | null;
  /** Why it was refused or failed, in the API's words. */
  reason: string | null;
}

export interface CatalogueState {
  version: 1;
  base_url: string;
  /** Fixed at the first run: batches are cut the same way on every rerun, so their keys replay. */
  batch_size: number;
  /** The change feed's high-water mark: the highest `updated_at` processed. */
  high_water_mark: string | null;
  /** Batches the API refused as a whole (a bad row): their songs go one by one. */
  split_batches: string[];
  songs: Record<string, SongState>;
}

export function loadState(file: string, fresh: () => CatalogueState): CatalogueState {
  if (!existsSync(file)) return fresh();
  const state = JSON.parse(readFileSync(file, 'utf8')) as CatalogueState;
  if (state.version !== 1) throw new Error(`${file}: not a state file this version of verse reads`);
  return state;
}

export function saveState(file: string, state: CatalogueState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  const fd = openSync(partial, 'w');
  try {
    writeSync(fd, `${JSON.stringify(state, null, 1)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
}

export const TERMINAL: readonly SongStatus[] = ['needs_url', 'rejected', 'complete', 'failed'];

export function countByStatus(state: CatalogueState): Record<SongStatus, number> {
  const counts: Record<SongStatus, number> = {
    to_submit: 0,
    needs_url: 0,
    rejected: 0,
    queued: 0,
    processing: 0,
    review: 0,
    complete: 0,
    failed: 0,
  };
  for (const song of Object.values(state.songs)) counts[song.status] += 1;
  return counts;
}

/**
 * Submitting a catalogue. Songs by URL go in batches (cut in manifest order, `batch_size` at a time,
 * the same cut on every rerun, each batch's Idempotency-Key derived from its songs' keys); a batch the
 * API refuses as a whole (one bad row) is split and its songs go one by one under their own keys.
 * Files go one by one as uploads when they fit the upload limit; larger ones are reported as needing
 * a URL, never sent. Every recorded answer is saved before the next request.
 */
import { createHash } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../core/policy.ts';
import type { Batch } from '../../schemas/generated/api/batch.ts';
import type { BatchAccepted } from '../../schemas/generated/api/batch-accepted.ts';
import type { JobAccepted } from '../../schemas/generated/api/job-accepted.ts';
import { ApiFailure, type CatalogueApi } from './api.ts';
import type { Song } from './manifest.ts';
import type { Progress } from './progress.ts';
import type { CatalogueState, SongState } from './state.ts';

export interface CatalogueRun {
  api: CatalogueApi;
  state: CatalogueState;
  save(): void;
  progress: Progress;
}

/** Refusals that stop the whole run: no other song can succeed until the user acts. */
const FATAL_CODES = new Set(['AUTH_001', 'AUTH_002', 'PAY_001', 'UNREACHABLE']);
const BATCH_SETTLE_MS = 60_000;

type Unit = { kind: 'file'; song: Song } | { kind: 'batch'; key: string; songs: Song[] };

/** Files one by one; URL songs in fixed batches, each unit at its first song's place in the manifest. */
export function planUnits(songs: Song[], batchSize: number): Unit[] {
  const units: { at: number; unit: Unit }[] = [];
  const urlSongs = songs.map((song, at) => ({ song, at })).filter(({ song }) => song.source.kind === 'url');
  for (let i = 0; i < urlSongs.length; i += batchSize) {
    const members = urlSongs.slice(i, i + batchSize);
    const key = `verse-catalogue-batch-${createHash('sha256')
      .update(members.map(({ song }) => song.key).join(','))
      .digest('hex')
      .slice(0, 40)}`;
    units.push({ at: members[0]!.at, unit: { kind: 'batch', key, songs: members.map(({ song }) => song) } });
  }
  songs.forEach((song, at) => {
    if (song.source.kind === 'file') units.push({ at, unit: { kind: 'file', song } });
  });
  return units.sort((a, b) => a.at - b.at).map(({ unit }) => unit);
}

/** Adds the manifest's songs to the state; songs already there keep what they have. */
export function registerSongs(state: CatalogueState, songs: Song[]): void {
  for (const song of songs) {
    if (state.songs[song.key]) continue;
    const bytes = song.source.kind === 'file' ? song.source.bytes : 0;
    const tooLarge = bytes > MAX_UPLOAD_BYTES;
    state.songs[song.key] = {
      origin: song.origin,
      status: tooLarge ? 'needs_url' : 'to_submit',
      job_id: null,
      batch_id: null,
      folder: null,
      updated_at: null,
      external_id: song.external_id,
      isrc: song.isrc,
      reason: tooLarge
        ? `${(bytes / 1_048_576).toFixed(1)} MB is over the ${(MAX_UPLOAD_BYTES / 1_048_576).toFixed(1)} MB upload limit: give it an https:// URL in a manifest`
        : null,
    };
  }
}

export async function pushCatalogue(run: CatalogueRun, songs: Song[]): Promise<void> {
  registerSongs(run.state, songs);
  run.save();
  for (const song of songs) {
    const entry = run.state.songs[song.key]!;
    if (entry.status === 'needs_url')
      run.progress.event('needs_url', { origin: song.origin }, `${song.origin}: ${entry.reason}`);
  }
  for (const unit of planUnits(songs, run.state.batch_size)) {
    if (unit.kind === 'file') {
      if (run.state.songs[unit.song.key]!.status === 'to_submit') await submitOne(run, unit.song);
      continue;
    }
    const waiting = unit.songs.filter((s) => run.state.songs[s.key]!.status === 'to_submit');
    if (waiting.length === 0) continue;
    // A batch is all-or-nothing: with part of it recorded, it was split on an earlier run.
    if (waiting.length === unit.songs.length && !run.state.split_batches.includes(unit.key)) {
      if (await submitBatch(run, unit.key, unit.songs)) continue;
    }
    for (const song of waiting) await submitOne(run, song);
  }
}

function recordJob(run: CatalogueRun, song: Song, jobId: string, batchId: string | null, createdAt: string): void {
  const entry = run.state.songs[song.key]!;
  Object.assign(entry, {
    status: 'queued',
    job_id: jobId,
    batch_id: batchId,
    reason: null,
  } satisfies Partial<SongState>);
  // A replayed submission can be older than the feed's mark (its answer was lost before it was
  // recorded): read the feed again from just before it, or its completion would never be seen.
  const before = new Date(Date.parse(createdAt) - 1).toISOString();
  const mark = run.state.high_water_mark;
  if (mark === null || Date.parse(before) < Date.parse(mark)) run.state.high_water_mark = before;
}

function refuse(run: CatalogueRun, song: Song, failure: ApiFailure): void {
  if (FATAL_CODES.has(failure.code)) throw failure;
  Object.assign(run.state.songs[song.key]!, { status: 'rejected', reason: `${failure.code}: ${failure.message}` });
  run.save();
  run.progress.event(
    'rejected',
    { origin: song.origin, code: failure.code, message: failure.message },
    `${song.origin}: refused (${failure.code}) ${failure.message}`,
  );
}

function submissionFields(song: Song): Record<string, string | boolean> {
  const fields: Record<string, string | boolean> = { language: song.language, ...song.options };
  if (song.isrc) fields.isrc = song.isrc;
  if (song.external_id) fields.external_id = song.external_id;
  return fields;
}

async function submitOne(run: CatalogueRun, song: Song): Promise<void> {
  const fields = submissionFields(song);
  const source = song.source;
  try {
    const { body, headers } =
      source.kind === 'url'
        ? await run.api.json<JobAccepted>('POST', '/api/v1/transcribe', {
            body: { ...fields, audio_url: source.url },
            idempotencyKey: song.key,
          })
        : await run.api.json<JobAccepted>('POST', '/api/v1/transcribe', {
            idempotencyKey: song.key,
            form: async () => {
              const form = new FormData();
              for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
              form.append('file', await openAsBlob(source.path), path.basename(source.path));
              return form;
            },
          });
    recordJob(run, song, body.job_id, null, body.created_at);
    run.save();
    run.progress.event('submitted', {
      origin: song.origin,
      job_id: body.job_id,
      replayed: headers.get('idempotent-replay') === 'true',
    });
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    refuse(run, song, error);
  }
}

/** Returns false when the API refused the batch as a whole: the caller sends its songs one by one. */
async function submitBatch(run: CatalogueRun, key: string, songs: Song[]): Promise<boolean> {
  const jobs = songs.map((song) => ({
    ...submissionFields(song),
    audio_url: (song.source as { url: string }).url,
  }));
  let accepted: BatchAccepted;
  try {
    accepted = (await run.api.json<BatchAccepted>('POST', '/api/v1/batch', { body: { jobs }, idempotencyKey: key }))
      .body;
  } catch (error) {
    if (!(error instanceof ApiFailure) || FATAL_CODES.has(error.code) || error.status === 429) throw error;
    run.state.split_batches.push(key);
    run.save();
    run.progress.event(
      'batch_split',
      { batch_key: key, code: error.code, message: error.message },
      `a batch of ${songs.length} was refused (${error.code}: ${error.message}); sending its songs one by one`,
    );
    return false;
  }
  const batch = await settledBatch(run, accepted.batch_id, accepted.job_count);
  batch.jobs.forEach((job, i) => {
    recordJob(run, songs[i]!, job.job_id, batch.batch_id, batch.created_at);
  });
  run.save();
  for (const [i, job] of batch.jobs.entries())
    run.progress.event('submitted', { origin: songs[i]!.origin, job_id: job.job_id, batch_id: batch.batch_id });
  return true;
}

/** The batch's jobs, in submission order, once every one of them exists. */
async function settledBatch(run: CatalogueRun, batchId: string, count: number): Promise<Batch> {
  const deadline = Date.now() + BATCH_SETTLE_MS;
  for (;;) {
    const { body } = await run.api.json<Batch>('GET', `/api/v1/batch/${batchId}`);
    if (body.jobs.length === count) return body;
    if (Date.now() > deadline)
      throw new Error(
        `batch ${batchId} lists ${body.jobs.length} of its ${count} jobs after ${BATCH_SETTLE_MS / 1000} s`,
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * Following a catalogue to completion through the change feed (GET /jobs?updated_since=…), the
 * spec's sync loop: each page's rows are settled in order (a finished song's lyrics and timed files
 * are written into OUT/<external_id, else ISRC, else job id>/), and the high-water mark moves past a
 * row only once that row is settled, so a kill or a failed download loses nothing: the next pass
 * reads the feed again from the last settled change.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../../schemas/generated/api/job.ts';
import type { JobList, JobListRow } from '../../schemas/generated/api/job-list.ts';
import { ApiFailure } from './api.ts';
import type { CatalogueRun } from './push.ts';
import type { CatalogueState, SongState } from './state.ts';

export interface PullOptions {
  out: string;
  /** Between passes over the feed; the spec recommends 10 to 15 s. */
  pollMs: number;
  /** One pass, then return, whatever is still processing. */
  once: boolean;
  /** Keep following songs held for human review until someone approves them. */
  waitReview: boolean;
}

const PAGE_SIZE = 100;

/** A settled row not ready to be filed yet (a download answered 202): read it again next pass. */
class NotReady extends Error {}

/** "lrc_original" → "original.lrc", "words_transliterated" → "transliterated.words.json". */
export function downloadFileName(key: string): string {
  const [format, ...variant] = key.split('_');
  return `${variant.join('_')}.${format === 'words' ? 'words.json' : format}`;
}

/**
 * File systems limit a name to 255 bytes (not characters): an external_id may be 255 characters of
 * Hindi or Japanese, three bytes each. A folder name is cut to this many UTF-8 bytes, leaving room
 * for the suffix that keeps a clash apart.
 */
export const MAX_FOLDER_BYTES = 200;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The longest start of `value` within `maxBytes` UTF-8 bytes, cut between characters as read (graphemes). */
export function cutToBytes(value: string, maxBytes: number): string {
  if (Buffer.byteLength(value) <= maxBytes) return value;
  let out = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(value)) {
    const size = Buffer.byteLength(segment);
    if (bytes + size > maxBytes) break;
    out += segment;
    bytes += size;
  }
  return out;
}

const safeName = (value: string) =>
  cutToBytes(
    value
      .normalize('NFC')
      .replace(/[/\\\0]/g, '_')
      .replace(/^\.+/, '_'),
    MAX_FOLDER_BYTES,
  );

/**
 * The song's folder: its external_id, else its ISRC, else its job id. A name another song has
 * taken (two ids alike up to the cut, say) gets the job id added.
 */
export function folderFor(state: CatalogueState, song: SongState, row: JobListRow): string {
  if (song.folder) return song.folder;
  const base = safeName(row.external_id ?? '') || row.isrc || row.job_id;
  const taken = Object.values(state.songs).some((s) => s !== song && s.folder === base);
  return taken ? `${base}-${row.job_id.slice(0, 8)}` : base;
}

async function fileLyrics(run: CatalogueRun, options: PullOptions, song: SongState, row: JobListRow): Promise<void> {
  const folder = folderFor(run.state, song, row);
  const dir = path.join(options.out, folder);
  mkdirSync(dir, { recursive: true });
  const { body: job } = await run.api.json<Job>('GET', `/api/v1/jobs/${row.job_id}`);
  writeFileSync(path.join(dir, 'job.json'), `${JSON.stringify(job, null, 2)}\n`);
  const results = job.results;
  if (results) {
    writeFileSync(path.join(dir, 'transcript.txt'), `${results.transcript}\n`);
    writeFileSync(path.join(dir, 'transliteration.txt'), `${results.transliteration}\n`);
    writeFileSync(path.join(dir, 'translation.txt'), `${results.translation}\n`);
  }
  for (const [key, url] of Object.entries(results?.downloads ?? {})) {
    try {
      const status = await run.api.download(url as string, path.join(dir, downloadFileName(key)));
      if (status === 202) throw new NotReady(`${key} of ${row.job_id} is not ready`);
    } catch (error) {
      // Output never requested (words on a word_align=false job): nothing to file.
      if (error instanceof ApiFailure && error.code === 'JOB_002') continue;
      throw error;
    }
  }
  song.folder = folder;
}

async function settle(run: CatalogueRun, options: PullOptions, song: SongState, row: JobListRow): Promise<void> {
  const before = song.status;
  if (row.status === 'complete') {
    await fileLyrics(run, options, song, row);
    song.status = 'complete';
  } else if (row.status === 'failed') {
    song.status = 'failed';
    song.reason = row.error ? `${row.error.stage}: ${row.error.message}` : 'failed';
  } else {
    song.status =
      row.stage === 'awaiting_review'
        ? 'review'
        : row.stage === 'transcribing' && row.updated_at === row.created_at
          ? 'queued'
          : 'processing';
  }
  song.updated_at = row.updated_at;
  if (song.status === before) return;
  const where = song.folder ? path.join(options.out, song.folder) : null;
  run.progress.event(
    song.status,
    { origin: song.origin, job_id: row.job_id, folder: where, reason: song.reason },
    song.status === 'complete'
      ? `${song.origin}: lyrics in ${where}`
      : song.status === 'failed'
        ? `${song.origin}: failed (${song.reason})`
        : song.status === 'review'
          ? `${song.origin}: held for review ${row.review_url ?? '(approve through the API)'}`
          : undefined,
  );
}

function failToFile(run: CatalogueRun, song: SongState, row: JobListRow, error: unknown): void {
  song.status = 'failed';
  song.reason = `could not file the lyrics: ${error instanceof Error ? error.message : String(error)}`;
  song.updated_at = row.updated_at;
  run.progress.event(
    'failed',
    { origin: song.origin, job_id: row.job_id, folder: null, reason: song.reason },
    `${song.origin}: ${song.reason}`,
  );
}

/** One pass over the feed from the high-water mark to its end. */
async function pass(run: CatalogueRun, options: PullOptions): Promise<void> {
  const byJob = new Map<string, SongState>();
  for (const song of Object.values(run.state.songs)) if (song.job_id) byJob.set(song.job_id, song);
  // Paging keeps the first page's query (the spec's rule); the mark only says where the next pass starts.
  const since = run.state.high_water_mark;
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (since) query.set('updated_since', since);
    if (cursor) query.set('cursor', cursor);
    const { body }: { body: JobList } = await run.api.json<JobList>('GET', `/api/v1/jobs?${query}`);
    for (const row of body.jobs) {
      const song = byJob.get(row.job_id);
      if (song && song.updated_at !== row.updated_at) {
        try {
          await settle(run, options, song, row);
        } catch (error) {
          run.save();
          if (error instanceof NotReady) return;
          // The API refusing the run stops it; anything else (a disk that refuses a file) is this
          // song's failure alone, recorded with its reason, and the next songs are still filed.
          if (error instanceof ApiFailure) throw error;
          failToFile(run, song, row, error);
        }
      }
      // One millisecond short: a change sharing its millisecond with this one is read again, never skipped.
      run.state.high_water_mark = new Date(Date.parse(row.updated_at) - 1).toISOString();
    }
    run.save();
    cursor = body.has_more ? body.next_cursor : null;
  } while (cursor);
}

function following(run: CatalogueRun, options: PullOptions): boolean {
  return Object.values(run.state.songs).some(
    (s) => s.status === 'queued' || s.status === 'processing' || (options.waitReview && s.status === 'review'),
  );
}

export async function pullCatalogue(run: CatalogueRun, options: PullOptions): Promise<void> {
  for (;;) {
    await pass(run, options);
    run.progress.render();
    if (options.once || !following(run, options)) return;
    await new Promise((r) => setTimeout(r, options.pollMs));
  }
}

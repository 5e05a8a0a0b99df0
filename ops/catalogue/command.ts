/**
 * `verse catalogue push|pull`: a client of the public API only (base URL and API key from flags or
 * VERSE_API_URL / VERSE_API_KEY), resumable through its state file.
 *
 *   verse catalogue push FOLDER --language NAME [options]   every audio file under FOLDER
 *   verse catalogue push --manifest FILE.csv [--language NAME] [options]
 *   verse catalogue pull [options]                          follow what was pushed, file what finished
 *
 * Options: --out DIR (default ./lyrics), --state FILE (default DIR/.verse-catalogue.json),
 * --base-url URL, --api-key KEY, --batch-size N (1 to 20, default 10: the default submit meter's
 * minute; fixed by the first run), --poll SECONDS (default 10), --no-wait (push only: submit and
 * stop), --once (pull only: one pass), --wait-review (also wait for songs held for review), --json.
 *
 * Exit status: 0 when every song has its lyrics, 1 when some failed, were refused or need a URL,
 * 2 for a usage error, 3 when the API refused the run (key, credits, unreachable), 130 on Ctrl-C.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiFailure, CatalogueApi, checkBaseUrl } from './api.ts';
import { ManifestError, type Song, songsFromFolder, songsFromManifest } from './manifest.ts';
import { Progress } from './progress.ts';
import { pullCatalogue } from './pull.ts';
import { type CatalogueRun, pushCatalogue } from './push.ts';
import { type CatalogueState, countByStatus, loadState, saveState } from './state.ts';

export class CatalogueUsageError extends Error {}

const MAX_BATCH = 20;

function integer(value: string, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new CatalogueUsageError(`${name} must be ${min} to ${max}`);
  return n;
}

export async function catalogueCommand(argv: string[]): Promise<number> {
  const [action, ...args] = argv;
  if (action !== 'push' && action !== 'pull')
    throw new CatalogueUsageError(
      'usage: verse catalogue push FOLDER --language NAME | --manifest FILE.csv, or verse catalogue pull',
    );
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: action === 'push',
    options: {
      language: { type: 'string' },
      manifest: { type: 'string' },
      out: { type: 'string', default: 'lyrics' },
      state: { type: 'string' },
      'base-url': { type: 'string', default: process.env.VERSE_API_URL ?? 'http://127.0.0.1:8000' },
      'api-key': { type: 'string', default: process.env.VERSE_API_KEY },
      'batch-size': { type: 'string', default: '10' },
      poll: { type: 'string', default: '10' },
      'no-wait': { type: 'boolean', default: false },
      once: { type: 'boolean', default: false },
      'wait-review': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  const apiKey = values['api-key'];
  if (!apiKey) throw new CatalogueUsageError('an API key is needed: --api-key KEY or VERSE_API_KEY');
  const baseUrl = values['base-url']!;
  try {
    checkBaseUrl(baseUrl);
  } catch (error) {
    throw new CatalogueUsageError((error as Error).message);
  }
  const out = path.resolve(values.out!);
  const stateFile = path.resolve(values.state ?? path.join(out, '.verse-catalogue.json'));
  const pollMs = integer(values.poll!, '--poll', 1, 3600) * 1000;

  let songs: Song[] = [];
  if (action === 'push') {
    const folder = positionals[0];
    if (Boolean(folder) === Boolean(values.manifest))
      throw new CatalogueUsageError('push takes a FOLDER (with --language) or --manifest FILE.csv, one of them');
    try {
      if (folder) {
        if (!values.language) throw new CatalogueUsageError('a folder needs --language NAME');
        songs = await songsFromFolder(path.resolve(folder), values.language);
      } else songs = await songsFromManifest(path.resolve(values.manifest!), values.language);
    } catch (error) {
      if (error instanceof ManifestError) throw new CatalogueUsageError(error.message);
      throw error;
    }
  }

  const fresh = (): CatalogueState => ({
    version: 1,
    base_url: baseUrl,
    batch_size: integer(values['batch-size']!, '--batch-size', 1, MAX_BATCH),
    high_water_mark: null,
    split_batches: [],
    songs: {},
  });
  const state = loadState(stateFile, fresh);
  if (action === 'pull' && Object.keys(state.songs).length === 0)
    throw new CatalogueUsageError(`${stateFile} records no songs: push a catalogue first (or give its --state)`);

  const progress = new Progress(state, values.json!);
  const api = new CatalogueApi({ baseUrl, apiKey, onWait: (seconds, reason) => progress.waiting(seconds, reason) });
  const run: CatalogueRun = { api, state, progress, save: () => saveState(stateFile, state) };
  const stopTicking = progress.start();
  process.once('SIGINT', () => {
    progress.done();
    process.stderr.write(`interrupted: what was done is in ${stateFile}; run the same command again to resume\n`);
    process.exit(130);
  });

  try {
    if (action === 'push') await pushCatalogue(run, songs);
    if (action === 'pull' || !values['no-wait'])
      await pullCatalogue(run, { out, pollMs, once: values.once!, waitReview: values['wait-review']! });
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    stopTicking();
    progress.done();
    progress.event('stopped', { code: error.code, message: error.message }, `stopped: ${error.code} ${error.message}`);
    return 3;
  }
  stopTicking();
  progress.done();
  return summarise(state, stateFile, out, values.json!);
}

function summarise(state: CatalogueState, stateFile: string, out: string, json: boolean): number {
  const counts = countByStatus(state);
  const unfinished = Object.values(state.songs).filter((s) => ['failed', 'rejected', 'needs_url'].includes(s.status));
  if (json) {
    process.stdout.write(
      `${JSON.stringify({
        event: 'summary',
        counts,
        out,
        state: stateFile,
        problems: unfinished.map((s) => ({ origin: s.origin, status: s.status, reason: s.reason })),
      })}\n`,
    );
  } else {
    for (const s of unfinished) process.stderr.write(`  ${s.status.padEnd(9)} ${s.origin}: ${s.reason}\n`);
    process.stderr.write(`lyrics in ${out}; state in ${stateFile}\n`);
  }
  return unfinished.length > 0 ? 1 : 0;
}

/**
 * `verse catalogue push|pull`: a client of the public API only (base URL and API key from flags or
 * VERSE_API_URL / VERSE_API_KEY), resumable through its state file.
 *
 *   verse catalogue push FOLDER --language NAME [options]   every audio file under FOLDER
 *   verse catalogue push --manifest FILE.csv [--language NAME] [options]
 *   verse catalogue pull [options]                          follow what was pushed, file what finished
 *
 * `verse catalogue push --help` and `verse catalogue pull --help` list the options and defaults.
 * --batch-size defaults to 10, the default submit meter's minute.
 *
 * Exit status: 0 when every song has its lyrics, 1 when some failed, were refused or need a URL,
 * 2 for a usage error, 3 when the API refused the run (key, credits, unreachable), 130 on Ctrl-C.
 */
import path from 'node:path';
import { type Command, Option } from 'commander';
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

/** The options push and pull share, as commander parses them. */
interface CatalogueOptions {
  out: string;
  state?: string;
  baseUrl: string;
  apiKey?: string;
  batchSize: string;
  poll: string;
  json: boolean;
}

interface PushOptions extends CatalogueOptions {
  language?: string;
  manifest?: string;
  wait: boolean;
  waitReview: boolean;
}

interface PullOptions extends CatalogueOptions {
  once: boolean;
  waitReview: boolean;
}

function withCommonOptions(command: Command): Command {
  return command
    .option('--out <dir>', 'where finished songs are filed, one folder each', 'lyrics')
    .option('--state <file>', 'the resumable state file (default: OUT/.verse-catalogue.json)')
    .addOption(new Option('--base-url <url>', 'the Verse API').env('VERSE_API_URL').default('http://127.0.0.1:8000'))
    .addOption(new Option('--api-key <key>', 'the API key (svc_sk_live_…)').env('VERSE_API_KEY'))
    .option('--batch-size <n>', `URL songs per batch, 1 to ${MAX_BATCH} (fixed by the first run)`, '10')
    .option('--poll <seconds>', 'how often the change feed is read', '10')
    .option('--json', 'one JSON object per line instead of a progress bar', false)
    .option('--wait-review', 'also wait for songs held for review', false);
}

/** `verse catalogue push|pull`; `done` receives the exit status. */
export function defineCatalogueCommand(catalogue: Command, done: (status: number) => void): void {
  catalogue.description("a customer's catalogue through the public API: push songs, pull their lyrics");
  withCommonOptions(
    catalogue
      .command('push')
      .description('submit every audio file under FOLDER, or every row of a manifest, then follow them')
      .argument('[folder]', 'a folder of audio files (their paths become external_ids)'),
  )
    .option('--language <name>', "the language of a folder's songs (a manifest row may give its own)")
    .option('--manifest <file>', 'a CSV: audio,language,isrc,external_id,options')
    .option('--no-wait', 'submit and stop, without following the songs to the end')
    .addHelpText(
      'after',
      '\nExample:\n  $ verse catalogue push demo --language English --out lyrics\n  $ verse catalogue push --manifest catalogue.csv\n',
    )
    .action(async (folder: string | undefined, o: PushOptions) => done(await runCatalogue('push', folder, o)));
  withCommonOptions(catalogue.command('pull').description('follow what was pushed and file every song that finished'))
    .option('--once', 'one pass over the change feed, then stop', false)
    .addHelpText('after', '\nExample:\n  $ verse catalogue pull --out lyrics --once\n')
    .action(async (o: PullOptions) => done(await runCatalogue('pull', undefined, o)));
}

async function runCatalogue(
  action: 'push' | 'pull',
  folder: string | undefined,
  values: PushOptions | PullOptions,
): Promise<number> {
  const apiKey = values.apiKey;
  if (!apiKey) throw new CatalogueUsageError('an API key is needed: --api-key KEY or VERSE_API_KEY');
  const baseUrl = values.baseUrl;
  try {
    checkBaseUrl(baseUrl);
  } catch (error) {
    throw new CatalogueUsageError((error as Error).message);
  }
  const out = path.resolve(values.out);
  const stateFile = path.resolve(values.state ?? path.join(out, '.verse-catalogue.json'));
  const pollMs = integer(values.poll, '--poll', 1, 3600) * 1000;

  let songs: Song[] = [];
  if (action === 'push') {
    const { language, manifest } = values as PushOptions;
    if (Boolean(folder) === Boolean(manifest))
      throw new CatalogueUsageError('push takes a FOLDER (with --language) or --manifest FILE.csv, one of them');
    try {
      if (folder) {
        if (!language) throw new CatalogueUsageError('a folder needs --language NAME');
        songs = await songsFromFolder(path.resolve(folder), language);
      } else songs = await songsFromManifest(path.resolve(manifest!), language);
    } catch (error) {
      if (error instanceof ManifestError) throw new CatalogueUsageError(error.message);
      throw error;
    }
  }

  const fresh = (): CatalogueState => ({
    version: 1,
    base_url: baseUrl,
    batch_size: integer(values.batchSize, '--batch-size', 1, MAX_BATCH),
    high_water_mark: null,
    split_batches: [],
    songs: {},
  });
  const state = loadState(stateFile, fresh);
  if (action === 'pull' && Object.keys(state.songs).length === 0)
    throw new CatalogueUsageError(`${stateFile} records no songs: push a catalogue first (or give its --state)`);

  const progress = new Progress(state, values.json);
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
    if (action === 'pull' || (values as PushOptions).wait)
      await pullCatalogue(run, {
        out,
        pollMs,
        once: action === 'pull' && (values as PullOptions).once,
        waitReview: values.waitReview,
      });
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    stopTicking();
    progress.done();
    progress.event('stopped', { code: error.code, message: error.message }, `stopped: ${error.code} ${error.message}`);
    return 3;
  }
  stopTicking();
  progress.done();
  return summarise(state, stateFile, out, values.json);
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

/**
 * `verse catalogue push --manifest` against the running platform, as a distributor runs it: files and
 * https URLs, one bad row, one file too large to upload; killed (SIGKILL) in the middle of the push,
 * then run again. Every song ends once, filed by its external_id, with nothing created twice; a run
 * whose state file is lost replays every submission under the same keys and creates nothing, and
 * `pull` then files every song again from the change feed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobList } from '../../schemas/generated/api/job-list.ts';
import { spokenWav } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { type RunningService, startService } from '../support/service.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');
const work = mkdtempSync(path.join(tmpdir(), 'verse-catalogue-'));
const out = path.join(work, 'lyrics');
let service: RunningService;
let cdn: TestHttpsServer;
let apiKey: string;

interface Event {
  event: string;
  [field: string]: unknown;
}

function catalogue(...args: string[]): { child: ChildProcess; events: Event[]; exit: Promise<number | null> } {
  const child = spawn(VERSE, ['catalogue', ...args, '--out', out, '--poll', '1', '--json'], {
    env: { ...process.env, VERSE_API_URL: service.baseUrl, VERSE_API_KEY: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: Event[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.trim()) events.push(JSON.parse(line) as Event);
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (code !== null && code > 1) console.error(stderr);
      resolve(code);
    }),
  );
  return { child, events, exit };
}

async function orgJobs(): Promise<JobList['jobs']> {
  const res = await fetch(`${service.baseUrl}/api/v1/jobs?limit=100`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return ((await res.json()) as JobList).jobs;
}

beforeAll(async () => {
  cdn = await startHttpsServer();
  cdn.route('/one.wav', serveFile(spokenWav('en', 'Morning light upon the hill')));
  cdn.route('/dos.wav', serveFile(spokenWav('es', 'La luna canta en la noche')));
  cdn.route('/three.wav', serveFile(spokenWav('en', 'Three small birds')));
  service = await startService('verse_e2e_catalogue', 18121, {
    VERSE_ALLOW_PRIVATE_NETWORK: 'true',
    VERSE_EXTRA_CA_FILE: testCa().caFile,
  });
  const org = await service.verse('org', 'create', '--name', 'Catalogue Records', '--credits', '50');
  apiKey = String(org.api_key);
  await service.verse('org', 'limits', String(org.org_id), '--read-minute', '1000', '--read-hour', '10000');

  mkdirSync(path.join(work, 'audio'));
  writeFileSync(path.join(work, 'audio', 'river.wav'), spokenWav('en', 'The river runs over the stones'));
  writeFileSync(path.join(work, 'audio', 'rain.wav'), spokenWav('en', 'I walk alone in the rain'));
  writeFileSync(path.join(work, 'audio', 'live.mp3'), Buffer.alloc(5 * 1024 * 1024, 0xff));
  writeFileSync(
    path.join(work, 'catalogue.csv'),
    [
      'audio,language,isrc,external_id,options',
      'audio/river.wav,English,,river,',
      `${cdn.url}/one.wav,English,US-ABC-24-00001,one,`,
      `${cdn.url}/dos.wav,Spanish,,dos,word_align=false`,
      `${cdn.url}/three.wav,english,,three,`,
      'audio/live.mp3,English,,live,',
      'audio/rain.wav,English,,"rain, acoustic",align=true',
    ].join('\n'),
  );
}, 240_000);

afterAll(async () => {
  await service?.stop();
  await cdn?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('verse catalogue push, killed in the middle and run again', () => {
  it('files every song once, by external_id, and names the rows it could not send', async () => {
    const manifest = path.join(work, 'catalogue.csv');
    const first = catalogue('push', '--manifest', manifest, '--batch-size', '3');
    // Killed as soon as the first song is recorded: the rest of the push has not happened yet.
    const deadline = Date.now() + 60_000;
    while (!first.events.some((e) => e.event === 'submitted') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    first.child.kill('SIGKILL');
    await first.exit;
    expect(first.events.filter((e) => e.event === 'submitted').length).toBeGreaterThanOrEqual(1);
    expect(first.events.some((e) => e.event === 'summary')).toBe(false);

    const second = catalogue('push', '--manifest', manifest, '--batch-size', '3');
    // 1: done, with rows that need the user (the bad language, the file too large to upload).
    expect(await second.exit).toBe(1);
    const summary = second.events.find((e) => e.event === 'summary') as unknown as {
      counts: Record<string, number>;
      problems: { origin: string; status: string; reason: string }[];
    };
    expect(summary.counts).toMatchObject({ complete: 4, needs_url: 1, rejected: 1, failed: 0 });
    expect(summary.problems.map((p) => [p.origin, p.status])).toEqual(
      expect.arrayContaining([
        ['catalogue.csv:5', 'rejected'],
        ['catalogue.csv:6', 'needs_url'],
      ]),
    );
    // The batch with the bad row was split, and its good songs went one by one: in the first run or
    // in the second, depending on where the kill fell. The state file is what says so: the split is
    // saved before its event is printed, so a kill between the two leaves the event unprinted.
    const state = JSON.parse(readFileSync(path.join(out, '.verse-catalogue.json'), 'utf8')) as {
      split_batches: string[];
      songs: Record<string, { origin: string; batch_id: string | null; job_id: string | null }>;
    };
    expect(state.split_batches).toHaveLength(1);
    const byOrigin = new Map(Object.values(state.songs).map((s) => [s.origin, s]));
    for (const origin of ['catalogue.csv:3', 'catalogue.csv:4'])
      expect(byOrigin.get(origin), origin).toMatchObject({ batch_id: null, job_id: expect.any(String) });
    const splits = [...first.events, ...second.events].filter((e) => e.event === 'batch_split');
    expect(splits.length).toBeLessThanOrEqual(1);

    for (const folder of ['river', 'one', 'dos', 'rain, acoustic']) {
      const files = readdirSync(path.join(out, folder));
      expect(files, folder).toEqual(
        expect.arrayContaining(['job.json', 'transcript.txt', 'original.lrc', 'transliterated.srt']),
      );
      expect(readFileSync(path.join(out, folder, 'original.lrc'), 'utf8')).toMatch(/^\[\d\d:\d\d\.\d\d\]/m);
    }
    expect(readdirSync(path.join(out, 'one'))).toContain('original.words.json');
    expect(readdirSync(path.join(out, 'dos'))).not.toContain('original.words.json');
    const one = JSON.parse(readFileSync(path.join(out, 'one', 'job.json'), 'utf8'));
    expect(one).toMatchObject({ status: 'complete', isrc: 'USABC2400001', external_id: 'one' });

    // Nothing created twice: one job per song that was sent.
    const jobs = await orgJobs();
    expect(jobs.map((j) => j.external_id).sort()).toEqual(['dos', 'one', 'rain, acoustic', 'river']);
  });

  it('replays every submission when the state file is lost, creating nothing', async () => {
    const before = (await orgJobs()).map((j) => j.job_id).sort();
    rmSync(path.join(out, '.verse-catalogue.json'));
    const rerun = catalogue('push', '--manifest', path.join(work, 'catalogue.csv'), '--batch-size', '3', '--no-wait');
    expect(await rerun.exit).toBe(1);
    const submitted = rerun.events.filter((e) => e.event === 'submitted');
    expect(submitted).toHaveLength(4);
    expect(new Set(submitted.map((e) => e.job_id))).toEqual(new Set(before));
    expect((await orgJobs()).map((j) => j.job_id).sort()).toEqual(before);
    expect(existsSync(path.join(out, '.verse-catalogue.json'))).toBe(true);

    // The rebuilt state starts its feed mark before the replayed jobs, so pull files them all again.
    rmSync(path.join(out, 'river'), { recursive: true });
    const pull = catalogue('pull');
    expect(await pull.exit).toBe(1); // the refused row and the file too large are still the user's
    const summary = pull.events.find((e) => e.event === 'summary') as unknown as { counts: Record<string, number> };
    expect(summary.counts).toMatchObject({ complete: 4, queued: 0, processing: 0 });
    expect(readdirSync(path.join(out, 'river'))).toContain('original.lrc');
  });
});

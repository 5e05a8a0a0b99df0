/**
 * The catalogue client against an API that misbehaves: full meters, refusals, 5xx, a server that
 * never answers, a download cut in the middle. Loopback only; waits are recorded, not slept.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure, CatalogueApi, checkBaseUrl } from '../../ops/catalogue/api.ts';
import { Progress } from '../../ops/catalogue/progress.ts';
import { pullCatalogue } from '../../ops/catalogue/pull.ts';
import type { CatalogueState, SongState } from '../../ops/catalogue/state.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, call: number) => void;
let server: Server;
let baseUrl: string;
let handler: Handler = () => {};
let calls = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    calls += 1;
    handler(req, res, calls);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function client(options: { timeoutMs?: number; attempts?: number } = {}) {
  calls = 0;
  const waits: { seconds: number; reason: string }[] = [];
  const slept: number[] = [];
  const api = new CatalogueApi({
    baseUrl,
    apiKey: 'svc_sk_test',
    onWait: (seconds, reason) => waits.push({ seconds, reason }),
    sleep: async (ms) => void slept.push(ms),
    ...options,
  });
  return { api, waits, slept };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

describe('meters', () => {
  it('waits the retry_after of a 429 and sends the same request again', async () => {
    const keys: (string | undefined)[] = [];
    handler = (req, res, call) => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      if (call < 3)
        return json(
          res,
          429,
          { error: 'rate_limit_exceeded', code: 'RATE_001', message: 'full', retry_after: 37 },
          { 'retry-after': '37', 'x-ratelimit-meter': 'submit' },
        );
      json(res, 202, { job_id: 'j1' });
    };
    const { api, waits, slept } = client();
    const { status } = await api.json('POST', '/api/v1/transcribe', { body: { a: 1 }, idempotencyKey: 'song-1' });
    expect(status).toBe(202);
    expect(slept).toEqual([37_000, 37_000]);
    expect(waits[0]).toEqual({ seconds: 37, reason: 'the submit meter is full' });
    expect(keys).toEqual(['song-1', 'song-1', 'song-1']);
  });

  it('stops at once on a batch the minute window can never hold', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        { code: 'RATE_001', message: 'full', retry_after: 60, jobs_requested: 20 },
        { 'x-ratelimit-limit-minute': '10' },
      );
    const { api, slept } = client();
    const failure = await api.json('POST', '/api/v1/batch', { body: [] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toMatch(/--batch-size 10/);
    expect(slept).toEqual([]);
  });
});

describe('refusals and outages', () => {
  it('hands a refusal a retry cannot change to the caller, with its code, after one request', async () => {
    handler = (_req, res) => json(res, 400, { error: 'validation_error', code: 'VAL_001', message: 'bad language' });
    const { api } = client();
    await expect(api.json('POST', '/api/v1/transcribe', { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'VAL_001',
      message: 'bad language',
    });
    expect(calls).toBe(1);
  });

  it('retries 5xx and IDEM_001 with growing, capped backoff', async () => {
    handler = (_req, res, call) => {
      if (call === 1) return json(res, 503, { code: 'SRV_001', message: 'down' });
      if (call === 2) return json(res, 409, { code: 'IDEM_001', message: 'in progress' });
      if (call === 3) return res.writeHead(502).end('<html>bad gateway</html>');
      json(res, 200, { ok: true });
    };
    const { api, slept } = client();
    expect((await api.json('GET', '/api/v1/jobs')).body).toEqual({ ok: true });
    expect(slept).toHaveLength(3);
    expect(slept[0]!).toBeLessThanOrEqual(1000);
    expect(slept[2]!).toBeGreaterThanOrEqual(2000);
  });

  it('gives a server that never answers its deadline, then gives up with UNREACHABLE', async () => {
    handler = () => {}; // accepts and never answers
    const { api } = client({ timeoutMs: 300, attempts: 3 });
    const started = Date.now();
    await expect(api.json('GET', '/api/v1/jobs')).rejects.toMatchObject({ code: 'UNREACHABLE' });
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('downloads', () => {
  it('leaves no file behind when the body is cut in the middle, and writes it whole when it arrives', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verse-catalogue-dl-'));
    handler = (_req, res, call) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      if (call === 1) {
        res.write('[00:01.00] half of it');
        setTimeout(() => res.destroy(), 50);
      } else res.end('x'.repeat(1000));
    };
    const { api, slept } = client();
    expect(await api.download('/api/v1/jobs/j/download/lrc/original', path.join(dir, 'original.lrc'))).toBe(200);
    expect(slept).toHaveLength(1);
    expect(readdirSync(dir)).toEqual(['original.lrc']);
  });

  it('reports 202 (not ready) without writing anything', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'verse-catalogue-dl-'));
    handler = (_req, res) => json(res, 202, { status: 'processing' });
    const { api } = client();
    expect(await api.download(`${baseUrl}/api/v1/jobs/j/download/srt/original`, path.join(dir, 'a.srt'))).toBe(202);
    expect(existsSync(path.join(dir, 'a.srt'))).toBe(false);
  });
});

describe('the base URL', () => {
  it('carries the API key over https only, or plain http to this machine', () => {
    expect(checkBaseUrl('https://api.verse.example').host).toBe('api.verse.example');
    expect(checkBaseUrl('http://127.0.0.1:8000').port).toBe('8000');
    expect(() => checkBaseUrl('http://api.verse.example')).toThrow(/must be https/);
  });
});

describe('filing finished songs', () => {
  const song = (jobId: string, externalId: string): SongState => ({
    origin: externalId,
    status: 'processing',
    job_id: jobId,
    batch_id: null,
    folder: null,
    external_id: externalId,
    isrc: null,
    updated_at: null,
    reason: null,
  });

  /** Feed rows of finished songs, one second apart, as GET /jobs lists them. */
  const finishedRows = (songs: [string, string][]) =>
    songs.map(([jobId, externalId], i) => ({
      job_id: jobId,
      external_id: externalId,
      status: 'complete',
      stage: 'done',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: `2026-01-01T00:00:0${i + 1}.000Z`,
    }));

  /** One pull pass over a feed of `rows`, each song's job answering with `results`; returns the state. */
  async function pullOnce(out: string, rows: ReturnType<typeof finishedRows>, results: object | null) {
    handler = (req, res) => {
      if (req.url?.startsWith('/api/v1/jobs?'))
        return json(res, 200, { jobs: rows, has_more: false, next_cursor: null });
      return json(res, 200, { job_id: req.url?.split('/').pop(), results });
    };
    const state: CatalogueState = {
      version: 1,
      base_url: baseUrl,
      batch_size: 10,
      high_water_mark: null,
      split_batches: [],
      songs: Object.fromEntries(rows.map((r) => [r.job_id, song(r.job_id, r.external_id)])),
    };
    const quiet = { write: () => true } as unknown as NodeJS.WriteStream;
    const progress = new Progress(state, true, quiet, quiet);
    await pullCatalogue(
      { api: client().api, state, progress, save: () => {} },
      { out, pollMs: 1, once: true, waitReview: false },
    );
    return state;
  }

  it('files songs whose external_id is 255 characters of Hindi or Japanese, and one that cannot be filed fails alone', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'verse-catalogue-pull-'));
    const hindi = 'मेरा गीत '.repeat(29).slice(0, 255);
    const japanese = '君の名前は'.repeat(51);
    const ids = {
      hindi: '00000000-0000-4000-8000-000000000001',
      japanese: '00000000-0000-4000-8000-000000000002',
      blocked: '00000000-0000-4000-8000-000000000003',
      after: '00000000-0000-4000-8000-000000000004',
    };
    // A file where the 'blocked' song's folder would go: the disk refuses it.
    writeFileSync(path.join(out, 'blocked'), 'not a folder');
    const rows = finishedRows([
      [ids.hindi, hindi],
      [ids.blocked, 'blocked'],
      [ids.japanese, japanese],
      [ids.after, 'after'],
    ]);
    const state = await pullOnce(out, rows, { transcript: 'a', transliteration: 'a', translation: 'a' });

    const statuses = Object.fromEntries(Object.values(state.songs).map((s) => [s.job_id, s.status]));
    expect(statuses).toEqual({
      [ids.hindi]: 'complete',
      [ids.blocked]: 'failed',
      [ids.japanese]: 'complete',
      [ids.after]: 'complete',
    });
    expect(state.songs[ids.blocked]!.reason).toMatch(/could not file the lyrics/);
    for (const id of [ids.hindi, ids.japanese, ids.after]) {
      const folder = state.songs[id]!.folder!;
      expect(Buffer.byteLength(folder)).toBeLessThanOrEqual(255);
      expect(readdirSync(path.join(out, folder))).toContain('transcript.txt');
    }
    // Cut on a character boundary: the folder is the start of the id, whole characters only.
    expect(hindi.startsWith(state.songs[ids.hindi]!.folder!)).toBe(true);
    expect(japanese.startsWith(state.songs[ids.japanese]!.folder!)).toBe(true);
    expect(state.high_water_mark).toBe('2026-01-01T00:00:03.999Z');
  });

  it('keeps two long ids that are alike up to the cut in folders of their own', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'verse-catalogue-pull-'));
    mkdirSync(out, { recursive: true });
    const stem = 'गीत'.repeat(40);
    const rows = finishedRows([
      ['00000000-0000-4000-8000-000000000010', `${stem}a`],
      ['00000000-0000-4000-8000-000000000011', `${stem}b`],
    ]);
    const state = await pullOnce(out, rows, null);
    const folders = Object.values(state.songs).map((s) => s.folder);
    expect(new Set(folders).size).toBe(2);
    expect(readdirSync(out).sort()).toEqual([...folders].sort());
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_SETTLE_MS } from '../../core/jobs/feed-days.ts';
import type { Platform } from '../../ops/platform.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { permanent } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';
import { tapTopics } from '../support/tap.ts';

let platform: Platform;
let app: FastifyInstance;
let cdn: TestHttpsServer;
let pipeline: TestPipeline;
const events: JobEventMessage[] = [];
let stopTap: () => Promise<void>;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  cdn = await startHttpsServer();
  cdn.route('/a.wav', serveFile(wavTone(1)));
  cdn.route('/b.wav', serveFile(wavTone(1, 330)));
  pipeline = await startTestPipeline(platform);
  stopTap = await tapTopics(platform, 'batch', { jobEvents: events });
});
afterAll(async () => {
  await pipeline?.stop();
  await stopTap?.();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

const job = (extra: Record<string, unknown> = {}) => ({ audio_url: `${cdn.url}/a.wav`, language: 'English', ...extra });
const post = (auth: Record<string, string>, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/batch',
    payload: JSON.stringify(payload),
    headers: { ...auth, 'content-type': 'application/json', ...headers },
  });

async function org(options: Parameters<typeof testOrg>[1] = {}) {
  const o = await testOrg(platform, {
    credits: 100,
    limits: { 'submit.minute': 100, 'submit.hour': 1000 },
    ...options,
  });
  pipeline.orgs.add(o.org_id);
  return o;
}

describe('POST /batch', () => {
  it('accepts shape A (array) and shape B ({jobs, webhook_url})', async () => {
    const o = await org();
    const a = await post(o.auth, [job(), job({ language: 'Hindi' })]);
    expect(a.statusCode).toBe(202);
    expect(a.json()).toEqual({
      batch_id: expect.any(String),
      job_count: 2,
      status: 'queued',
      message: expect.any(String),
    });
    const b = await post(o.auth, { jobs: [job()], webhook_url: 'https://hooks.example.com/verse' });
    expect(b.statusCode).toBe(202);
    expect((await platform.jobServices.batches.get(b.json().batch_id))?.webhook_url).toBe(
      'https://hooks.example.com/verse',
    );
    expect((await platform.orgs.getOrganisation(o.org_id))?.credits).toBe(97);
  });

  it('replays a batch from its record after the credits ran out, drawing no meter units', async () => {
    const o = await org({ credits: 2 });
    const body = [job(), job({ language: 'Hindi' })];
    const first = await post(o.auth, body, { 'idempotency-key': 'last-two' });
    expect(first.statusCode).toBe(202);
    const again = await post(o.auth, body, { 'idempotency-key': 'last-two' });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json().batch_id).toBe(first.json().batch_id);
    expect(again.headers['x-ratelimit-remaining-minute']).toBe(first.headers['x-ratelimit-remaining-minute']);
    expect((await platform.orgs.getOrganisation(o.org_id))?.credits).toBe(0);
  });

  it.each([
    ['an empty list', []],
    ['21 jobs', Array.from({ length: 21 }, () => ({}))],
    ['a string', 'songs'],
    ['an object without jobs', { songs: [] }],
    ['a job without audio_url', [{ language: 'English' }]],
    ['a job without language', [{ audio_url: 'https://x.example.com/a.mp3' }]],
    [
      'a job with review_stage but no review',
      [{ audio_url: 'https://x.example.com/a.mp3', language: 'English', review_stage: 'transcript' }],
    ],
  ])('refuses %s with 400 VAL_001 and creates nothing', async (_n, body) => {
    const o = await org();
    const res = await post(o.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VAL_001');
    expect((await platform.orgs.getOrganisation(o.org_id))?.credits).toBe(100);
  });

  it('checks the submit meter for N before creating anything: 429 with jobs_requested', async () => {
    const o = await org({ limits: { 'submit.minute': 5 } });
    const refused = await post(
      o.auth,
      Array.from({ length: 6 }, () => job()),
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_001', jobs_requested: 6, retry_after: expect.any(Number) });
    expect(refused.headers['x-ratelimit-remaining-minute']).toBe('5');
    expect((await platform.orgs.getOrganisation(o.org_id))?.credits).toBe(100);
    const accepted = await post(
      o.auth,
      Array.from({ length: 5 }, () => job()),
    );
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers['x-ratelimit-remaining-minute']).toBe('0');
  });

  it('idempotency covers the whole list', async () => {
    const o = await org();
    const list = [job(), job({ external_id: 'b' })];
    const first = await post(o.auth, list, { 'idempotency-key': 'batch-7' });
    const replay = await post(o.auth, list, { 'idempotency-key': 'batch-7' });
    expect(replay.json().batch_id).toBe(first.json().batch_id);
    expect(replay.headers['idempotent-replay']).toBe('true');
    const changed = await post(o.auth, [job()], { 'idempotency-key': 'batch-7' });
    expect(changed.json().code).toBe('IDEM_002');
    expect((await platform.orgs.getOrganisation(o.org_id))?.credits).toBe(98);
  });
});

describe('GET /batch/{id} and batch.complete', () => {
  it('moves to complete when every job completes, with per-job entries, and publishes batch.complete once', async () => {
    const o = await org();
    const { batch_id } = (
      await post(o.auth, {
        jobs: [job(), job({ audio_url: `${cdn.url}/b.wav`, align: false })],
        webhook_url: 'https://hooks.example.com/b',
      })
    ).json();
    const done = await eventually(async () => {
      const b = (await app.inject({ url: `/api/v1/batch/${batch_id}`, headers: o.auth })).json();
      return b.status === 'complete' ? b : null;
    });
    expect(done).toMatchObject({ job_count: 2, completed: 2, failed: 0, pending: 0, completed_at: expect.any(String) });
    expect(done.jobs).toHaveLength(2);
    expect(done.jobs[0]).toMatchObject({
      status: 'complete',
      stage: 'done',
      align_requested: true,
      downloads: expect.any(Object),
    });
    expect(done.jobs[1]).not.toHaveProperty('downloads');
    const batchEvents = await eventually(async () => {
      const e = events.filter((x) => x.batch_id === batch_id && x.event === 'batch.complete');
      return e.length > 0 ? e : null;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(
      new Set(events.filter((x) => x.batch_id === batch_id && x.event === 'batch.complete').map((e) => e.event_id))
        .size,
    ).toBe(1);
    expect(batchEvents[0]!.job_id).toBeNull();
  });

  it('is partial when a job failed', async () => {
    const o = await org();
    pipeline.engine.failTranscription = permanent('undecodable');
    try {
      const { batch_id } = (await post(o.auth, [job({ align: false })])).json();
      const b = await eventually(async () => {
        const r = (await app.inject({ url: `/api/v1/batch/${batch_id}`, headers: o.auth })).json();
        return r.status === 'partial' ? r : null;
      });
      expect(b).toMatchObject({ failed: 1, completed: 0, pending: 0 });
      expect(b.jobs[0].error).toMatchObject({ stage: 'transcription', message: 'undecodable' });
    } finally {
      pipeline.engine.failTranscription = null;
    }
  });

  it("another organisation's batch is 404", async () => {
    const o = await org();
    const { batch_id } = (await post(o.auth, [job()])).json();
    const stranger = await org();
    const res = await app.inject({ url: `/api/v1/batch/${batch_id}`, headers: stranger.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_001');
  });
});

describe('GET /jobs filters by batch and end user', () => {
  it("finds a batch's jobs, and an end user's jobs by their external_id or our id", async () => {
    const o = await org();
    const { batch_id } = (await post(o.auth, [job({ end_user: { external_id: 'listener-9' } }), job()])).json();
    // The feed holds back changes younger than its settle window: let the pipeline finish first.
    await eventually(
      async () =>
        (await app.inject({ url: `/api/v1/batch/${batch_id}`, headers: o.auth })).json().status === 'complete',
    );
    await new Promise((r) => setTimeout(r, FEED_SETTLE_MS + 300));
    const byBatch = (await app.inject({ url: `/api/v1/jobs?batch_id=${batch_id}`, headers: o.auth })).json();
    expect(byBatch.jobs).toHaveLength(2);
    const byUser = (await app.inject({ url: '/api/v1/jobs?end_user_id=listener-9', headers: o.auth })).json();
    expect(byUser.jobs).toHaveLength(1);
    expect(byUser.jobs[0].end_user).toEqual({ id: expect.stringMatching(/^eu_/), external_id: 'listener-9' });
    const byId = (
      await app.inject({ url: `/api/v1/jobs?end_user_id=${byUser.jobs[0].end_user.id}`, headers: o.auth })
    ).json();
    expect(byId.jobs.map((j: { job_id: string }) => j.job_id)).toEqual(
      byUser.jobs.map((j: { job_id: string }) => j.job_id),
    );
  });
});

/**
 * Review gates and POST /jobs/{id}/approve through the real pipeline (engine double): both gates,
 * every approval outcome and error of the spec, review links, and racing approvals.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveJob } from '../../core/app/approve-job.ts';
import { JobWriter } from '../../core/app/job-writer.ts';
import type { Publisher } from '../../core/ports/publisher.ts';
import type { Platform } from '../../ops/platform.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { FAKE_LINES, permanent } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';
import { tapTopics } from '../support/tap.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;
const events: JobEventMessage[] = [];
let stopTap: () => Promise<void>;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  pipeline = await startTestPipeline(platform);
  app = await testGateway(platform, { engine: pipeline.engine });
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
  stopTap = await tapTopics(platform, 'approve', { jobEvents: events });
});
afterAll(async () => {
  await pipeline?.stop();
  await stopTap?.();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

type Org = Awaited<ReturnType<typeof testOrg>>;

async function newOrg(): Promise<Org> {
  const org = await testOrg(platform, { credits: 50, limits: { 'submit.minute': 100, 'read.minute': 1000 } });
  pipeline.orgs.add(org.org_id);
  return org;
}

async function submit(org: Org, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, ...body },
    headers: org.auth,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().job_id;
}

const read = async (org: Org, jobId: string) =>
  (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();

const approve = (org: Org, jobId: string, body?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/jobs/${jobId}/approve`,
    headers: org.auth,
    ...(body === undefined ? {} : { payload: body }),
  });

/** Waits for the job to be held at its gate (review object present). */
const atGate = (org: Org, jobId: string) =>
  eventually(
    async () => {
      const job = await read(org, jobId);
      return job.review ? job : null;
    },
    30_000,
    `job ${jobId} at its gate`,
  );

const completes = (jobId: string) => events.filter((e) => e.job_id === jobId && e.event === 'job.complete');

describe("the review page's own approval", () => {
  it('refuses starts set by ear that go backwards or past the song, and applies good ones', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true, word_align: true });
    const held = await atGate(org, jobId);
    const url = new URL(held.review_url);
    const pageApprove = (body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/review/${jobId}/approve${url.search}`, payload: body });
    const lines = held.review.lines.map((l: { text: string }) => l.text);
    const stored = await platform.jobServices.jobs.get(jobId);
    for (const line_starts of [
      [5, 2],
      [null, stored!.duration_seconds! + 1],
    ]) {
      const res = await pageApprove({ lines, line_starts });
      expect([res.statusCode, res.json().code]).toEqual([400, 'APR_002']);
    }
    expect((await platform.jobServices.jobs.get(jobId))!.lifecycle.review_approved_at).toBeNull();
    const ok = await pageApprove({ lines, line_starts: [null, 2.5] });
    expect(ok.json()).toMatchObject({ status: 'approved', starts_set: 1 });
    expect((await platform.jobServices.jobs.get(jobId))!.lines![1]!.start).toBe(2.5);
  });
});

describe('the transcript gate', () => {
  it('holds the job with a review link, then aligns the approved text', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true, review_stage: 'transcript', word_align: true });
    const held = await atGate(org, jobId);
    expect(held).toMatchObject({ status: 'processing', stage: 'awaiting_review', review_approved_at: null });
    expect(held.review_url).toMatch(new RegExp(`/review/${jobId}\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(held.results?.downloads).toBeUndefined();
    const stored = await platform.jobServices.jobs.get(jobId);
    expect(stored!.review_token_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(new URL(held.review_url).searchParams.get('token'));
    const gateEvent = await eventually(async () =>
      events.find((e) => e.job_id === jobId && e.event === 'job.awaiting_review'),
    );
    expect(gateEvent.retry).toBe(true);

    const res = await approve(org, jobId, { lines: [FAKE_LINES[0], 'the second line, corrected'] });
    expect(res.json()).toEqual({
      job_id: jobId,
      status: 'approved',
      stage: 'transcript',
      lines_edited: 1,
      transliteration_lines_edited: 0,
      aligning: true,
      message: expect.any(String),
    });
    const done = await eventually(async () => {
      const job = await read(org, jobId);
      return job.status === 'complete' ? job : null;
    });
    expect(done.review).toBeUndefined();
    expect(done.review_approved_at).not.toBeNull();
    expect(done.results.transcript).toBe(`${FAKE_LINES[0]}\nthe second line, corrected`);
    // The edited line was offered a fresh romanisation (the engine double upper-cases).
    expect(done.results.transliteration.split('\n')[1]).toBe('THE SECOND LINE, CORRECTED');
    expect(Object.keys(done.results.downloads)).toContain('lrc_original');
    const timed = (await platform.jobServices.jobs.get(jobId))!.lines!;
    expect(timed.map((l) => [l.text, l.start !== null])).toEqual([
      [FAKE_LINES[0], true],
      ['the second line, corrected', true],
    ]);
    await eventually(async () => completes(jobId).length === 1);
    expect(completes(jobId)[0]!.retry).toBe(false);
    expect((await approve(org, jobId)).json()).toEqual({
      job_id: jobId,
      status: 'approved',
      already_approved: true,
      stage: 'transcript',
    });
  });
});

describe('the aligned gate', () => {
  it('reads complete with downloads before approval; approving unchanged text sends job.complete once', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true });
    const held = await atGate(org, jobId);
    expect(held).toMatchObject({ status: 'complete', stage: 'done', review_approved_at: null });
    expect(held.results.downloads).toBeDefined();
    expect(held.review.lines[0]).toMatchObject({ text: FAKE_LINES[0], timestamp: '[00:01.00]', flagged: false });
    await new Promise((r) => setTimeout(r, 500));
    expect(completes(jobId)).toHaveLength(0);
    expect((await approve(org, jobId)).json()).toEqual({
      job_id: jobId,
      status: 'approved',
      stage: 'aligned',
      lines_edited: 0,
      transliteration_lines_edited: 0,
    });
    await eventually(async () => completes(jobId).length === 1);
    const after = await read(org, jobId);
    expect(after.review).toBeUndefined();
    expect(after.review_approved_at).not.toBeNull();
  });

  it('re-aligns an edit; drops the word track when re-alignment is unavailable; refuses a new line count it cannot time', async () => {
    const org = await newOrg();
    const a = await submit(org, { review: true, word_align: true });
    await atGate(org, a);
    expect((await approve(org, a, { lines: ['first line, edited', FAKE_LINES[1]] })).json()).toMatchObject({
      stage: 'aligned',
      lines_edited: 1,
      alignment: 'realigned',
    });
    const realigned = await platform.jobServices.jobs.get(a);
    expect(realigned!.lines![0]!.words!.map((w) => w.word).join(' ')).toContain('edited');
    // The files follow the approved lines (a new revision, rendered and stored on first download).
    const lrc = await app.inject({ url: `/api/v1/jobs/${a}/download/lrc/original`, headers: org.auth });
    expect(lrc.body).toContain('first line, edited');
    expect(lrc.body).not.toContain(FAKE_LINES[0]);

    const b = await submit(org, { review: true, word_align: true });
    await atGate(org, b);
    const before = await platform.jobServices.jobs.get(b);
    pipeline.engine.failAlignment = permanent('aligner unavailable');
    try {
      const countChanged = await approve(org, b, {
        lines: ['one', 'two', 'three'],
        transliterated_lines: ['1', '2', '3'],
      });
      expect([countChanged.statusCode, countChanged.json().code]).toEqual([409, 'REV_001']);
      const untouched = await platform.jobServices.jobs.get(b);
      expect(untouched!.lines).toEqual(before!.lines);
      expect(untouched!.lifecycle.review_gate).toBe('aligned');

      expect((await approve(org, b, { lines: ['first line, edited', FAKE_LINES[1]] })).json()).toMatchObject({
        alignment: 'word_timings_dropped',
        lines_edited: 1,
      });
    } finally {
      pipeline.engine.failAlignment = null;
    }
    const dropped = await platform.jobServices.jobs.get(b);
    expect(dropped!.lines!.map((l) => [l.start, l.end, l.words])).toEqual(
      before!.lines!.map((l) => [l.start, l.end, null]),
    );

    const c = await submit(org, { review: true, word_align: false });
    await atGate(org, c);
    pipeline.engine.failAlignment = permanent('aligner unavailable');
    try {
      expect((await approve(org, c, { lines: ['first line, edited', FAKE_LINES[1]] })).json()).toMatchObject({
        alignment: 'line_timings_unchanged',
      });
    } finally {
      pipeline.engine.failAlignment = null;
    }
  });

  it('the first of racing approvals wins; the others read already_approved and change nothing', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true });
    await atGate(org, jobId);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => approve(org, jobId, { lines: [`edit ${n}`, FAKE_LINES[1]] })),
    );
    const bodies = results.map((r) => r.json());
    const winners = bodies.filter((b) => !b.already_approved);
    expect(winners).toHaveLength(1);
    expect(bodies.filter((b) => b.already_approved)).toHaveLength(4);
    const winner = results.findIndex((r) => !r.json().already_approved) + 1;
    const job = await read(org, jobId);
    expect(job.results.transcript.split('\n')[0]).toBe(`edit ${winner}`);
    await eventually(async () => completes(jobId).length === 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(completes(jobId)).toHaveLength(1);
  });
});

describe('approval errors', () => {
  it('APR_001, APR_002, APR_003, APR_005 and 404', async () => {
    const org = await newOrg();
    const plain = await submit(org, {});
    const gated = await submit(org, { review: true, review_stage: 'transcript' });
    const linkOnly = await submit(org, { review: true, review_stage: 'transcript', review_delivery: 'link' });
    await atGate(org, gated);
    await atGate(org, linkOnly);
    const code = async (jobId: string, body?: object) => {
      const res = await approve(org, jobId, body);
      return [res.statusCode, res.json().code];
    };
    expect(await code(plain)).toEqual([409, 'APR_001']);
    expect(await code(linkOnly)).toEqual([409, 'APR_003']);
    expect(await code(gated, { lines: [] })).toEqual([400, 'APR_002']);
    expect(await code(gated, { lines: 'one line' })).toEqual([400, 'APR_002']);
    expect(await code(gated, { lines: [1, 2] })).toEqual([400, 'APR_002']);
    expect(await code(gated, { transliterated_lines: [] })).toEqual([400, 'APR_002']);
    expect(await code(gated, { lines: ['only one line now'] })).toEqual([409, 'APR_005']);
    expect(await code(gated, { lines: ['a', 'b', 'c'], transliterated_lines: ['a', 'b'] })).toEqual([409, 'APR_005']);
    expect(await code(gated, { transliterated_lines: ['just one'] })).toEqual([409, 'APR_005']);
    const stranger = await newOrg();
    const foreign = await approve(stranger, gated);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_001']);
    // None of the refusals approved anything.
    expect((await read(org, gated)).review_approved_at).toBeNull();
  });

  it('APR_004: a release that fails rolls the approval back, and a retry succeeds', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true, review_stage: 'transcript' });
    await atGate(org, jobId);
    const job = (await platform.jobServices.jobs.get(jobId))!;
    const failingWriter = Object.create(platform.jobServices.writer) as typeof platform.jobServices.writer;
    failingWriter.change = async () => {
      throw new Error('cassandra unavailable');
    };
    await expect(
      approveJob({ ...platform.jobServices, writer: failingWriter }, job, { lines: ['x', 'y'] }, 'api'),
    ).rejects.toMatchObject({ code: 'APR_004', status: 502 });
    const after = await read(org, jobId);
    expect(after).toMatchObject({ stage: 'awaiting_review', review_approved_at: null });
    expect((await platform.jobServices.jobs.get(jobId))!.lines!.map((l) => l.text)).toEqual(FAKE_LINES);
    expect((await approve(org, jobId)).json()).toMatchObject({ status: 'approved', stage: 'transcript' });
  });

  it('a release whose publish fails once the approval is stored: approved, the release owed, never rolled back', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true, review_stage: 'transcript' });
    await atGate(org, jobId);
    const job = (await platform.jobServices.jobs.get(jobId))!;
    const refused: Publisher = { publish: () => Promise.reject(new Error('broker not available (injected)')) };
    const { jobs, feed, batches } = platform.jobServices;
    const { config, logger, timers, usage } = platform;
    const writer = new JobWriter({ config, logger, jobs, feed, batches, timers, usage, publisher: refused });
    const answer = await approveJob({ ...platform.jobServices, writer }, job, { lines: ['x', 'y'] }, 'api');
    expect(answer).toMatchObject({ status: 'approved', stage: 'transcript', lines_edited: 2 });
    const stored = (await jobs.get(jobId))!;
    expect(stored.lifecycle.review_approved_at).not.toBeNull();
    expect(stored.lines!.map((l) => l.text)).toEqual(['x', 'y']);
    // The alignment on the approved text is owed; redone as the sweeper would, it runs.
    expect((await jobs.outboxEntry(jobId, stored.version))?.effects).toContain('queue_alignment');
    await platform.jobServices.writer.finishOwed(stored);
    await eventually(async () => ((await read(org, jobId)).status === 'complete' ? true : null), 30_000, 'aligned');
    expect((await approve(org, jobId)).json()).toMatchObject({ already_approved: true });
  });

  it('review_delivery=api: no link is ever minted, and the API approves', async () => {
    const org = await newOrg();
    const jobId = await submit(org, { review: true, review_stage: 'transcript', review_delivery: 'api' });
    const held = await atGate(org, jobId);
    expect(held.review_url).toBeNull();
    expect((await platform.jobServices.jobs.get(jobId))!.review_token_sha256).toBeNull();
    expect((await approve(org, jobId)).json()).toMatchObject({ status: 'approved' });
    const done = await eventually(async () => {
      const job = await read(org, jobId);
      return job.status === 'complete' ? job : null;
    });
    expect(done.review_url).toBeNull();
  });
});

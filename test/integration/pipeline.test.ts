import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableOutputs, outputRevision } from '../../core/render/outputs.ts';
import type { Platform } from '../../ops/platform.ts';
import { fireDueTimers } from '../../processors/review-timer/timers.ts';
import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { permanent } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { untimedLine } from '../support/lyrics.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';
import { tapTopics } from '../support/tap.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;
const changes: JobChangeMessage[] = [];
const events: JobEventMessage[] = [];
let stopTap: () => Promise<void>;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  pipeline = await startTestPipeline(platform);
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
  cdn.route('/page.html', serveFile(Buffer.from('<html>not audio</html>'), 'text/html'));
  cdn.route('/gone.wav', (_req, res) => res.writeHead(404).end());
  // A data-team style consumer of jobs.changes and job-events.
  stopTap = await tapTopics(platform, 'pipeline', { jobChanges: changes, jobEvents: events });
});
afterAll(async () => {
  await pipeline?.stop();
  await stopTap?.();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

async function newOrg(options: Parameters<typeof testOrg>[1] = {}) {
  const org = await testOrg(platform, { credits: 20, limits: { 'submit.minute': 100 }, ...options });
  pipeline.orgs.add(org.org_id);
  return org;
}

const submit = (auth: Record<string, string>, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    payload: { audio_url: `${cdn.url}/song.wav`, ...body },
    headers: auth,
  });

async function settle(auth: Record<string, string>, jobId: string, status: string) {
  return eventually(
    async () => {
      const job = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: auth })).json();
      return job.status === status ? job : null;
    },
    30_000,
    `job ${jobId} ${status}`,
  );
}

describe('a job through the pipeline (engine double)', () => {
  it('audio_url → fetched → transcribed → aligned → complete with results and downloads', async () => {
    const org = await newOrg();
    const { job_id } = (await submit(org.auth, { language: 'English', external_id: 'e2e-1' })).json();
    const job = await settle(org.auth, job_id, 'complete');
    expect(job).toMatchObject({
      stage: 'done',
      duration_seconds: 12.5,
      alignment: { method: 'fake', flagged_lines: 0 },
    });
    expect(job.results.transcript).toBe('first line of the song\nsecond line here');
    expect(Object.keys(job.results.downloads)).toHaveLength(12);
    // The alignment processor wrote every file to object storage; a download serves those bytes.
    const aligned = (await platform.jobServices.jobs.get(job_id))!;
    const outputs = availableOutputs(aligned);
    expect(outputs).toHaveLength(12);
    const keyOf = (o: { type: string; variant: string }) =>
      `outputs/${job_id}/${outputRevision(aligned)}/${o.type}.${o.variant}`;
    for (const o of outputs) expect(await platform.jobServices.storage.exists(keyOf(o)), keyOf(o)).toBe(true);
    const storedLrc: Buffer[] = [];
    for await (const c of await platform.jobServices.storage.get(keyOf({ type: 'lrc', variant: 'original' })))
      storedLrc.push(c as Buffer);
    const lrc = await app.inject({ url: `/api/v1/jobs/${job_id}/download/lrc/original`, headers: org.auth });
    expect(lrc.body).toBe(Buffer.concat(storedLrc).toString('utf8'));
    expect(lrc.body).toContain('[00:01.00]first line of the song');
    expect(Date.parse(job.transcript_completed_at)).toBeLessThanOrEqual(Date.parse(job.completed_at));
    const stored = await platform.jobServices.jobs.get(job_id);
    expect(stored!.audio_key).toMatch(/^audio\//);
    // The processor fetches with one GET: the size is checked on its headers, not by a second HEAD.
    expect(cdn.requests.filter((r) => r.url === '/song.wav' && r.method === 'GET')).toHaveLength(1);
    // The data-team topic saw every change a client can see, ending complete: created (1), transcript
    // ready (4) and aligned (6). The claims (2, 5) and the stored audio (3) show nowhere, so publish
    // nothing. job.complete was published once.
    const mine = await eventually(async () => {
      const c = changes.filter((m) => m.job_id === job_id);
      return c.some((m) => m.status === 'complete') ? c : null;
    });
    const versions = [...new Set(mine.map((m) => m.version))].sort((a, b) => a - b);
    expect(versions).toEqual([1, 4, 6]);
    expect(mine.at(-1)).toMatchObject({ status: 'complete', stage: 'done', external_id: 'e2e-1' });
    const isComplete = (e: JobEventMessage) => e.job_id === job_id && e.event === 'job.complete';
    // Wait for the event, then a moment more so a duplicate would have arrived too.
    await eventually(async () => events.some(isComplete), 30_000, 'job.complete');
    await new Promise((r) => setTimeout(r, 1000));
    const completes = events.filter(isComplete);
    expect(completes).toHaveLength(1);
    expect(completes[0]!.retry).toBe(true);
  });

  it('align=false completes after transcription with no downloads and no alignment call', async () => {
    const org = await newOrg();
    const { job_id } = (await submit(org.auth, { language: 'Spanish', align: false })).json();
    const job = await settle(org.auth, job_id, 'complete');
    expect(job.results).not.toHaveProperty('downloads');
    expect(job.alignment).toBeNull();
    // Its own audio was transcribed and never aligned.
    const { audio_key } = (await platform.jobServices.jobs.get(job_id))!;
    expect(pipeline.engine.transcribeCalls.some((c) => c.audioKey === audio_key)).toBe(true);
    expect(pipeline.engine.alignCalls.some((c) => c.audioKey === audio_key)).toBe(false);
  });

  it("writes a job in the romanisation it chose, else in its organisation's default", async () => {
    const org = await newOrg();
    await platform.orgs.setRomanisation(org.org_id, 'readable');
    const chosen = (await submit(org.auth, { language: 'Hindi', align: false, romanisation: 'standard' })).json();
    const defaulted = (await submit(org.auth, { language: 'Hindi', align: false })).json();
    const refused = await submit(org.auth, { language: 'Hindi', romanisation: 'scholarly' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VAL_001', message: 'romanisation must be standard or readable' });
    for (const [job_id, form] of [
      [chosen.job_id, 'standard'],
      [defaulted.job_id, 'readable'],
    ] as const) {
      expect((await settle(org.auth, job_id, 'complete')).romanisation).toBe(form);
      // The engine was asked for that form: the transliteration it writes is the one stored.
      const { audio_key } = (await platform.jobServices.jobs.get(job_id))!;
      const call = pipeline.engine.transcribeCalls.find((c) => c.audioKey === audio_key);
      expect(call?.romanisation).toBe(form);
    }
  });

  it('a line the model did not translate is listed, and the job is degraded (job.degraded sent)', async () => {
    const org = await newOrg();
    // The engine comes back with the second line untranslated, as a Hindi clip did ("\n").
    pipeline.engine.heard = [
      untimedLine('दिल कमल', { transliteration: 'dil kamal', translation: 'heart lotus' }),
      untimedLine('मेरा गीत', { transliteration: 'mērā gīt', translation: '' }),
    ];
    try {
      const { job_id } = (await submit(org.auth, { language: 'Hindi', align: false })).json();
      const job = await settle(org.auth, job_id, 'complete');
      expect(job.results).toMatchObject({ translation: 'heart lotus\n', untranslated_lines: [1] });
      const stored = await platform.jobServices.jobs.get(job_id);
      expect(stored!.degraded).toEqual([
        { component: 'translation', reason: '1 of 2 lines have no English translation (line 2).' },
      ]);
      await eventually(
        async () => events.some((e) => e.job_id === job_id && e.event === 'job.degraded'),
        30_000,
        'job.degraded',
      );
    } finally {
      pipeline.engine.heard = null;
    }
  });

  it('review at the transcript gate holds the job with no machine work queued', async () => {
    const org = await newOrg();
    const { job_id } = (await submit(org.auth, { language: 'Hindi', review: true, review_stage: 'transcript' })).json();
    const job = await eventually(async () => {
      const j = (await app.inject({ url: `/api/v1/jobs/${job_id}`, headers: org.auth })).json();
      return j.stage === 'awaiting_review' ? j : null;
    });
    expect(job).toMatchObject({ status: 'processing', review_required: true, review_approved_at: null });
    expect(job.review.lines).toHaveLength(2);
    const aligned = await platform.jobServices.jobs.get(job_id);
    expect(aligned!.alignment_attempt).toBe(0);
    await eventually(async () => events.some((e) => e.job_id === job_id && e.event === 'job.awaiting_review'));
  });

  it('an engine failure is recorded in our words: failed, error.stage transcription, job.failed sent', async () => {
    const org = await newOrg();
    pipeline.engine.failTranscription = permanent('The audio could not be decoded: truncated file');
    try {
      const { job_id } = (await submit(org.auth, { language: 'English' })).json();
      const job = await settle(org.auth, job_id, 'failed');
      expect(job).toMatchObject({
        stage: 'failed',
        completed_at: null,
        error: { stage: 'transcription', message: 'The audio could not be decoded: truncated file' },
      });
      // The engine's own words (its path, status and message) stay in the logs.
      expect(JSON.stringify(job)).not.toMatch(/speech engine|answered 400|internal detail/);
      await eventually(async () => events.some((e) => e.job_id === job_id && e.event === 'job.failed'));
    } finally {
      pipeline.engine.failTranscription = null;
    }
  });

  it.each([
    ['a URL that serves a web page', '/page.html', /did not return audio/],
    ['a URL that has gone', '/gone.wav', /HTTP 404/],
  ])('%s fails the job at transcription', async (_n, path, message) => {
    const org = await newOrg();
    const { job_id } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        payload: { language: 'English', audio_url: `${cdn.url}${path}` },
        headers: org.auth,
      })
    ).json();
    const job = await settle(org.auth, job_id, 'failed');
    expect(job.error.stage).toBe('transcription');
    expect(job.error.message).toMatch(message);
  });

  it('usage counts jobs, duration, languages and completed (transcript + LRC) exactly', async () => {
    const org = await newOrg();
    const a = (await submit(org.auth, { language: 'English' })).json().job_id;
    const b = (await submit(org.auth, { language: 'Hindi', align: false })).json().job_id;
    await settle(org.auth, a, 'complete');
    await settle(org.auth, b, 'complete');
    // Usage totals are side effects of a job's change, applied just after the change is visible.
    const read = async () => (await app.inject({ url: '/api/v1/usage', headers: org.auth })).json();
    await eventually(
      async () => {
        const { total_duration_seconds, completed_jobs } = await read();
        return total_duration_seconds >= 25 && completed_jobs >= 1;
      },
      5_000,
      'both jobs counted',
    );
    const usage = await read();
    expect(usage).toMatchObject({
      total_jobs: 2,
      completed_jobs: 1,
      total_duration_seconds: 25,
      jobs_by_language: { English: 1, Hindi: 1 },
    });
    expect(usage.api_calls).toBeGreaterThanOrEqual(4);
  });

  it('the transcription allowance is enforced by a durable timer, not by readers', async () => {
    const org = await newOrg();
    let release!: () => void;
    pipeline.engine.gate = new Promise((r) => {
      release = r;
    });
    try {
      const { job_id } = (await submit(org.auth, { language: 'English' })).json();
      await eventually(async () => (await platform.jobServices.jobs.get(job_id))?.transcription_started_at);
      // Reading a job never fails it, whatever the time.
      expect((await app.inject({ url: `/api/v1/jobs/${job_id}`, headers: org.auth })).json().status).toBe('processing');
      await fireDueTimers(platform.timers, platform.jobServices.writer, new Date(Date.now() + 9 * 60_000));
      expect((await platform.jobServices.jobs.get(job_id))!.lifecycle.status).toBe('processing');
      await fireDueTimers(platform.timers, platform.jobServices.writer, new Date(Date.now() + 11 * 60_000));
      const failed = (await app.inject({ url: `/api/v1/jobs/${job_id}`, headers: org.auth })).json();
      expect(failed).toMatchObject({
        status: 'failed',
        error: { stage: 'transcription', message: expect.stringMatching(/10-minute/) },
      });
    } finally {
      release();
      pipeline.engine.gate = null;
    }
  });
});

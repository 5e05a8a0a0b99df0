/**
 * The pages' doors that carry no API key: studio sign-in (a password guesser, and a CPU drain if
 * hashing ran on the event loop), the review page's romanise call and the studio's Re-align (engine
 * work that must count against the organisation's meters like the API's own calls).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMITS, SIGNIN_LIMITS } from '../../core/meters.ts';
import { EngineError } from '../../core/ports/engine.ts';
import type { Platform } from '../../ops/platform.ts';
import { hashPassword } from '../../sinks/crypto/passwords.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';
import { inOneMinute } from '../support/windows.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  pipeline = await startTestPipeline(platform);
  app = await testGateway(platform, { engine: pipeline.engine });
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(2)));
});
afterAll(async () => {
  await pipeline?.stop();
  await app?.close();
  await cdn?.close();
  await platform?.close();
});

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function staff(orgId: string): Promise<string> {
  const email = `staff-${unique()}@label.example`;
  await platform.studioUsers.createUser({
    user_id: `usr_${unique()}`,
    org_id: orgId,
    email,
    password_hash: await hashPassword(PASSWORD),
    created_at: new Date(),
  });
  return email;
}

const signIn = (email: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/studio/login',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password }).toString(),
  });

describe('studio sign-in', () => {
  it('an account under a guessing attack is throttled before any hashing, whatever address the guesses come from', async () => {
    const org = await testOrg(platform);
    const refused = await inOneMinute(async () => {
      const email = await staff(org.org_id);
      const guesses = Array.from({ length: SIGNIN_LIMITS.account.minute }, (_, i) =>
        signIn(email, `guess number ${i}`, `198.51.100.${i + 1}`),
      );
      const statuses = (await Promise.all(guesses)).map((r) => r.statusCode);
      const started = performance.now();
      const oneMore = await signIn(email, 'one more guess', '198.51.100.200');
      const tookMs = performance.now() - started;
      // Even the right password waits: the throttle does not tell a guesser which guess was right.
      const rightOne = await signIn(email, PASSWORD, '198.51.100.201');
      return { statuses, oneMore, tookMs, rightOne };
    });
    expect(refused.statuses.every((s) => s === 401)).toBe(true);
    expect(refused.oneMore.statusCode).toBe(429);
    expect(Number(refused.oneMore.headers['retry-after'])).toBeGreaterThan(0);
    // Refused by the throttle, not after a 0.25 s bcrypt comparison.
    expect(refused.tookMs).toBeLessThan(200);
    expect(refused.rightOne.statusCode).toBe(429);
  });

  it('an address spraying many accounts is throttled too', async () => {
    const statuses = await inOneMinute(async () => {
      const address = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
      const attempts = Array.from({ length: SIGNIN_LIMITS.address.minute + 1 }, () =>
        signIn(`nobody-${unique()}@label.example`, 'guess', address),
      );
      return (await Promise.all(attempts)).map((r) => r.statusCode);
    });
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_LIMITS.address.minute);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it('hashing runs off the event loop: four sign-ins at once leave the loop responsive', async () => {
    const org = await testOrg(platform);
    const email = await staff(org.org_id);
    await signIn(email, 'warm the worker', '192.0.2.10');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const attempts = ['192.0.2.11', '192.0.2.12', '192.0.2.13', '192.0.2.14'].map((a) => signIn(email, PASSWORD, a));
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    delay.disable();
    expect(statuses).toEqual([303, 303, 303, 303]);
    // bcrypt at cost 12 is about 0.25 s of CPU per attempt: on the loop, it would stall it that long.
    expect(delay.max / 1e6).toBeLessThan(200);
  });
});

describe('engine work from the pages: its own budget for the review page, the organisation’s meters for the studio', () => {
  async function reviewJob(limits: Record<string, number> = {}) {
    const org = await testOrg(platform, { credits: 10, limits });
    pipeline.orgs.add(org.org_id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/transcribe',
      headers: org.auth,
      payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, review: true, review_stage: 'transcript' },
    });
    const jobId = res.json().job_id as string;
    // Waited for in the store, so that the only read-meter unit used here is the one GET below.
    await eventually(async () => (await platform.jobServices.jobs.get(jobId))?.lifecycle.review_gate);
    const job = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    return { org, jobId, reviewUrl: new URL(job.review_url as string) };
  }

  const romanise = (reviewUrl: URL) =>
    app.inject({
      method: 'POST',
      url: `${reviewUrl.pathname}/romanise${reviewUrl.search}`,
      payload: { lines: ['an edited line'] },
    });

  it('the review page’s romanise spends a budget of its own per job, never the organisation’s read meter', async () => {
    const { statuses, reads, otherJob } = await inOneMinute(async () => {
      const { org, reviewUrl } = await reviewJob({ 'read.minute': 3 });
      const statuses: number[] = [];
      for (let i = 0; i <= PAGE_LIMITS.minute; i++) statuses.push((await romanise(reviewUrl)).statusCode);
      // The organisation's own reads: one spent by reviewJob's GET, so two are left.
      const reads = [
        await app.inject({ url: '/api/v1/jobs', headers: org.auth }),
        await app.inject({ url: '/api/v1/jobs', headers: org.auth }),
      ];
      // Another job of the same organisation has a budget of its own.
      const other = await reviewJob();
      return { statuses, reads, otherJob: (await romanise(other.reviewUrl)).statusCode };
    });
    expect(statuses.slice(0, -1)).toEqual(Array(PAGE_LIMITS.minute).fill(200));
    expect(statuses.at(-1)).toBe(429);
    expect(reads.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(otherJob).toBe(200);
  });

  it('the review page’s romanise gives its unit back when the engine fails, as the API’s meters do', async () => {
    const { failed, after } = await inOneMinute(async () => {
      const { reviewUrl } = await reviewJob();
      pipeline.engine.failRomanisation = new EngineError('the engine is down', { retriable: true });
      const failed: number[] = [];
      try {
        for (let i = 0; i <= PAGE_LIMITS.minute; i++) failed.push((await romanise(reviewUrl)).statusCode);
      } finally {
        pipeline.engine.failRomanisation = null;
      }
      return { failed, after: (await romanise(reviewUrl)).statusCode };
    });
    // More failed calls than the budget holds, none refused by it, and the budget still whole.
    expect(new Set(failed)).toEqual(new Set([503]));
    expect(after).toBe(200);
  });

  it('the review page’s romanise stops once the job is approved', async () => {
    const other = await reviewJob();
    const approved = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${other.jobId}/approve`,
      headers: other.org.auth,
    });
    expect(approved.statusCode).toBe(200);
    const after = await romanise(other.reviewUrl);
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('APR_001');
  });

  it('the studio’s Re-align draws on the submit meter', async () => {
    const res = await inOneMinute(async () => {
      const org = await testOrg(platform, { credits: 10, limits: { 'submit.minute': 1 } });
      pipeline.orgs.add(org.org_id);
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        headers: org.auth,
        payload: { language: 'English', audio_url: `${cdn.url}/song.wav` },
      });
      expect(created.statusCode).toBe(202); // the minute's one submit unit is spent
      const email = await staff(org.org_id);
      const login = await signIn(email, PASSWORD, '192.0.2.50');
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      const page = await app.inject({ url: `/studio/${created.json().job_id}`, headers: { cookie } });
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
      expect(csrf).toBeTruthy();
      return app.inject({
        method: 'POST',
        url: `/studio/${created.json().job_id}/align`,
        headers: { cookie, 'x-csrf-token': csrf ?? '' },
      });
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('RATE_001');
  });
});

/**
 * The review page's HTTP contract (the browser project drives the page itself): token checks,
 * expiry, the audio with byte ranges, romanisation, and approval by link for review_delivery=link.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { FAKE_LINES } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually, startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let cdn: TestHttpsServer;
const song = wavTone(2);

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  pipeline = await startTestPipeline(platform);
  app = await testGateway(platform, { engine: pipeline.engine });
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(song));
});
afterAll(async () => {
  await pipeline?.stop();
  await app?.close();
  await platform?.close();
  await cdn?.close();
});

async function gatedJob(fields: Record<string, unknown>) {
  const org = await testOrg(platform, { credits: 10 });
  pipeline.orgs.add(org.org_id);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: org.auth,
    payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, review: true, ...fields },
  });
  const jobId = res.json().job_id as string;
  const job = await eventually(async () => {
    const j = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: org.auth })).json();
    return j.review ? j : null;
  });
  const link = job.review_url ? new URL(job.review_url) : null;
  return { org, jobId, path: link?.pathname ?? `/review/${jobId}`, token: link?.searchParams.get('token') ?? '' };
}

describe('GET /review/{job_id}', () => {
  it('serves the editor for the right token, with headers that keep the link private', async () => {
    const { path, token } = await gatedJob({});
    const res = await app.inject({ url: `${path}?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "base-uri 'none'", "form-action 'self'", "object-src 'none'"])
      expect(csp).toContain(directive);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.body).toContain(FAKE_LINES[0]);
  });

  it('serves the API reference at /docs unframeable, with a CSP of its own', async () => {
    const docs = await app.inject({ url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['x-frame-options']).toBe('DENY');
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers 404 with no job data to a wrong token, and 410 once the link expired', async () => {
    const { jobId, path, token } = await gatedJob({});
    const wrong = await app.inject({ url: `${path}?token=${token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain(FAKE_LINES[0]);
    await platform.jobServices.writer.change(jobId, (j) => ({
      patch: { lifecycle: { ...j.lifecycle, review_gate_at: new Date(Date.now() - 7 * 86400_000 - 1000) } },
    }));
    const expired = await app.inject({ url: `${path}?token=${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('expired');
    expect(expired.body).not.toContain(FAKE_LINES[0]);
    const approve = await app.inject({ method: 'POST', url: `${path}/approve?token=${token}`, payload: {} });
    expect([approve.statusCode, approve.json().code]).toEqual([410, 'GONE_001']);
  });

  it('never opens for review_delivery=api', async () => {
    const { path } = await gatedJob({ review_delivery: 'api' });
    expect((await app.inject({ url: `${path}?token=anything` })).statusCode).toBe(404);
  });
});

describe("the editor's calls", () => {
  it('streams the audio with byte ranges', async () => {
    const { path, token } = await gatedJob({});
    const whole = await app.inject({ url: `${path}/audio?token=${token}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.rawPayload.equals(song)).toBe(true);
    const part = await app.inject({ url: `${path}/audio?token=${token}`, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${song.length}`);
    expect(part.rawPayload.equals(song.subarray(100, 200))).toBe(true);
    const beyond = await app.inject({
      url: `${path}/audio?token=${token}`,
      headers: { range: `bytes=${song.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect((await app.inject({ url: `${path}/audio?token=nope` })).statusCode).toBe(404);
  });

  it('romanises edited lines and approves by link where the API may not', async () => {
    const { org, jobId, path, token } = await gatedJob({ review_stage: 'transcript', review_delivery: 'link' });
    const romanised = await app.inject({
      method: 'POST',
      url: `${path}/romanise?token=${token}`,
      payload: { lines: ['una linea'] },
    });
    expect(romanised.json()).toEqual({ lines: ['UNA LINEA'] });
    const byApi = await app.inject({ method: 'POST', url: `/api/v1/jobs/${jobId}/approve`, headers: org.auth });
    expect(byApi.json().code).toBe('APR_003');
    const byPage = await app.inject({ method: 'POST', url: `${path}/approve?token=${token}`, payload: {} });
    expect(byPage.json()).toMatchObject({ status: 'approved', stage: 'transcript', aligning: true });
    const again = await app.inject({ method: 'POST', url: `${path}/approve?token=${token}`, payload: {} });
    expect(again.json()).toMatchObject({ already_approved: true });
  });
});

/**
 * Bad audio hosts must not stall transcription for everyone. A member handles three messages at
 * once; three audio_urls whose hosts stop mid-body used to hold all three slots for ever (the lease
 * kept renewing). Here they fail, retried and then recorded as `failed` at transcription within
 * their bound, and a good job from another organisation, submitted after them, completes.
 * The transcription and alignment processors run in-process with an engine double and shortened
 * fetch bounds (the policy's are 30 s idle, 3 minutes in all).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { startTestPipeline, type TestPipeline } from '../support/pipeline.ts';
import { connectTestPlatform, testGateway, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let host: TestHttpsServer;
const wav = wavTone(2);
const fetchBounds = { deadlineMs: 8_000, idleMs: 1_500 };

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  pipeline = await startTestPipeline(platform, { fetchBounds });
  host = await startHttpsServer();
  host.route('/good.wav', serveFile(wav));
  host.route('/stalls.wav', (req, res) => {
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
    // HEAD is answered; a GET sends half the file and then nothing, keeping the connection open.
    if (req.method === 'HEAD') res.end();
    else res.write(wav.subarray(0, wav.length / 2));
  });
});

afterAll(async () => {
  await pipeline?.stop();
  await app?.close();
  await host?.close();
  await platform?.close();
});

async function newOrg() {
  const org = await testOrg(platform, { credits: 20, limits: { 'submit.minute': 100 } });
  pipeline.orgs.add(org.org_id);
  return org;
}

async function submit(auth: Record<string, string>, url: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    headers: auth,
    payload: { language: 'English', audio_url: url, align: false },
  });
  expect(res.statusCode).toBe(202);
  return res.json().job_id;
}

async function settled(auth: Record<string, string>, jobId: string, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const job = (await app.inject({ url: `/api/v1/jobs/${jobId}`, headers: auth })).json();
    if (job.status !== 'processing') return job;
    if (Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('three audio hosts that stall mid-body', () => {
  it('fail their own jobs within their bound, and another organisation’s job submitted after them completes', async () => {
    const attacker = await newOrg();
    const customer = await newOrg();
    const started = Date.now();
    const bad = await Promise.all([1, 2, 3].map((n) => submit(attacker.auth, `${host.url}/stalls.wav?n=${n}`)));
    const good = await submit(customer.auth, `${host.url}/good.wav`);

    const goodJob = await settled(customer.auth, good, 60_000);
    expect(goodJob.status).toBe('complete');

    // Three attempts, each at most HEAD plus GET idle bounds, with the runtime's backoff between them.
    const bound = 3 * (2 * fetchBounds.idleMs + 1_000) + 10_000;
    for (const id of bad) {
      const job = await settled(attacker.auth, id, bound);
      expect(job).toMatchObject({
        status: 'failed',
        error: {
          stage: 'transcription',
          message: 'audio_url could not be fetched after 3 attempts: the host stopped sending or was too slow',
        },
      });
    }
    expect(Date.now() - started).toBeLessThan(bound + 5_000);
  });
});

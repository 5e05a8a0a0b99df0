/**
 * Webhook delivery end to end: jobs run through the real topics (engine double), the webhook
 * processor delivers to a real HTTPS receiver on 127.0.0.1 (a test CA trusted through
 * VERSE_EXTRA_CA_FILE) which verifies every signature with the `standardwebhooks` library, and the
 * retry schedule runs on a clock the test moves.
 */
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboundPolicy } from '../../core/ports/outbound.ts';
import { deliverSigned } from '../../core/webhooks/deliver.ts';
import type { Platform } from '../../ops/platform.ts';
import type { RunningProcessor } from '../../processors/runtime.ts';
import { httpsOutbound } from '../../sinks/http/outbound.ts';
import { ManualClock } from '../doubles/clock.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import {
  eventually,
  publishJobEvent,
  startTestPipeline,
  startTestWebhooks,
  type TestPipeline,
} from '../support/pipeline.ts';
import { connectTestPlatform, createTestJob, testGateway, testOrg } from '../support/platform.ts';

const MINUTE = 60_000;

let platform: Platform;
let app: FastifyInstance;
let pipeline: TestPipeline;
let receiver: TestHttpsServer;
let webhooks: RunningProcessor;
const clock = new ManualClock();

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  app = await testGateway(platform);
  pipeline = await startTestPipeline(platform);
  webhooks = await startTestWebhooks(platform, clock, pipeline.orgs);
  receiver = await startHttpsServer();
  receiver.route('/song.wav', serveFile(wavTone(1)));
});
afterAll(async () => {
  await webhooks?.stop();
  await pipeline?.stop();
  await app?.close();
  await platform?.close();
  await receiver?.close();
});

type Org = Awaited<ReturnType<typeof testOrg>>;

async function newOrg(): Promise<Org> {
  const org = await testOrg(platform, { credits: 50, limits: { 'submit.minute': 100 } });
  pipeline.orgs.add(org.org_id);
  return org;
}

/** A path on the receiver answering `status`; change what it answers with `answer`. */
function hook(status: number) {
  const path = `/hook/${Math.random().toString(36).slice(2)}`;
  let current = status;
  receiver.route(path, (_req, res) => res.writeHead(current).end());
  return {
    url: `${receiver.url}${path}`,
    hits: () => receiver.requests.filter((r) => r.url === path),
    answer: (s: number) => {
      current = s;
    },
  };
}

async function submit(org: Org, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/transcribe',
    payload: { language: 'English', audio_url: `${receiver.url}/song.wav`, ...body },
    headers: org.auth,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().job_id;
}

const get = (org: Org, url: string) => app.inject({ url: `/api/v1${url}`, headers: org.auth });
const post = (org: Org, url: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, headers: org.auth, ...(payload ? { payload } : {}) });

/**
 * Verifies a received request with the standardwebhooks library, as a receiver would at the moment
 * it arrived: attempts sent on the moved clock carry that clock's timestamp, so the library's
 * freshness check runs with Date set to it.
 */
function verify(org: Org, request: TestHttpsServer['requests'][number]): Record<string, unknown> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Number(request.headers['webhook-timestamp']) * 1000);
    return new Webhook(org.webhook_secret).verify(
      request.body.toString(),
      request.headers as Record<string, string>,
    ) as Record<string, unknown>;
  } finally {
    vi.useRealTimers();
  }
}

const waitHits = (h: ReturnType<typeof hook>, n: number) =>
  eventually(async () => h.hits().length >= n, 30_000, `${n} deliveries`);

/** Moves the clock past each retry step, waiting for the attempt it releases. */
async function runSchedule(h: ReturnType<typeof hook>): Promise<void> {
  await waitHits(h, 1);
  for (const [n, delay] of [
    [2, MINUTE],
    [3, 5 * MINUTE],
    [4, 30 * MINUTE],
  ] as const) {
    await new Promise((r) => setTimeout(r, 300));
    clock.advance(delay);
    await waitHits(h, n);
  }
}

async function deadLettersOf(org: Org, jobId: string, query = '') {
  return eventually(
    async () => {
      const list = (await get(org, `/webhooks/dead-letters?job_id=${jobId}${query}`)).json().dead_letters;
      return list.length > 0 ? list : null;
    },
    30_000,
    'a dead letter',
  );
}

describe('webhook delivery', () => {
  it('sends job.complete once, signed with the submitting key, verifiable with standardwebhooks', async () => {
    const org = await newOrg();
    const h = hook(204);
    const jobId = await submit(org, { webhook_url: h.url, external_id: 'hook-1' });
    await waitHits(h, 1);
    const payload = verify(org, h.hits()[0]!);
    expect(payload).toMatchObject({ event: 'job.complete', job_id: jobId, language: 'English', external_id: 'hook-1' });
    expect(Object.keys((payload.results as { downloads: object }).downloads)).toContain('lrc_original');
    expect(h.hits()[0]!.headers['webhook-id']).toMatch(new RegExp(`^evt_${jobId}_job\\.complete_`));
    const other = await testOrg(platform);
    expect(() => verify(other, h.hits()[0]!)).toThrow(/signature/i);
    expect(() => verify(org, { ...h.hits()[0]!, body: Buffer.from(`${h.hits()[0]!.body} `) })).toThrow(/signature/i);
    await new Promise((r) => setTimeout(r, 1000));
    expect(h.hits()).toHaveLength(1);
    const deliveries = (await get(org, `/webhooks/deliveries?job_id=${jobId}`)).json().deliveries;
    expect(deliveries).toEqual([
      expect.objectContaining({ job_id: jobId, event: 'job.complete', attempt: 1, success: true, status_code: 204 }),
    ]);
  });

  it('runs the whole schedule on a moved clock: 4 attempts, a dead letter, a replay that clears it', async () => {
    const org = await newOrg();
    const h = hook(500);
    const jobId = await submit(org, { webhook_url: h.url });
    await waitHits(h, 1);
    // Not due before its minute.
    clock.advance(MINUTE - 5000);
    await new Promise((r) => setTimeout(r, 800));
    expect(h.hits()).toHaveLength(1);
    clock.advance(5000);
    await waitHits(h, 2);
    clock.advance(5 * MINUTE);
    await waitHits(h, 3);
    clock.advance(30 * MINUTE);
    await waitHits(h, 4);

    const hits = h.hits();
    expect(new Set(hits.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(hits.map((r) => r.headers['webhook-timestamp'])).size).toBe(4);
    expect(new Set(hits.map((r) => r.body.toString())).size).toBe(1);
    const stamps = hits.map((r) => Number(r.headers['webhook-timestamp']));
    expect(stamps[1]! - stamps[0]!).toBeGreaterThanOrEqual(60);
    expect(stamps[2]! - stamps[1]!).toBeGreaterThanOrEqual(300);
    expect(stamps[3]! - stamps[2]!).toBeGreaterThanOrEqual(1800);

    const [dead] = await deadLettersOf(org, jobId);
    expect(dead).toMatchObject({
      job_id: jobId,
      event: 'job.complete',
      webhook_url: h.url,
      attempts: 4,
      last_status_code: 500,
      last_error: null,
      resolved_at: null,
      resolved_via: null,
    });
    // Nothing after the fourth attempt.
    clock.advance(60 * MINUTE);
    await new Promise((r) => setTimeout(r, 800));
    expect(h.hits()).toHaveLength(4);

    // Every attempt is listed, newest first, and filters and cursors work.
    const all = (await get(org, `/webhooks/deliveries?job_id=${jobId}`)).json();
    expect(all.deliveries.map((d: { attempt: number }) => d.attempt)).toEqual([4, 3, 2, 1]);
    expect(
      all.deliveries.every((d: { success: boolean; status_code: number }) => !d.success && d.status_code === 500),
    ).toBe(true);
    const first = (await get(org, '/webhooks/deliveries?limit=3')).json();
    expect(first).toMatchObject({ has_more: true });
    const second = (await get(org, `/webhooks/deliveries?limit=3&cursor=${first.next_cursor}`)).json();
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect([...first.deliveries, ...second.deliveries].map((d: { attempt: number }) => d.attempt)).toEqual([
      4, 3, 2, 1,
    ]);
    expect((await get(org, `/webhooks/deliveries?limit=3&success=true&cursor=${first.next_cursor}`)).statusCode).toBe(
      400,
    );
    expect((await get(org, '/webhooks/deliveries?success=true')).json().deliveries).toEqual([]);
    expect((await get(org, '/webhooks/deliveries?event=job.failed')).json().deliveries).toEqual([]);
    const since = new Date((stamps[1]! + 1) * 1000).toISOString();
    const recent = (await get(org, `/webhooks/deliveries?since=${since}`)).json().deliveries;
    expect(recent.map((d: { attempt: number }) => d.attempt)).toEqual([4, 3]);

    // Replay: the stored bytes, freshly signed, clear the dead letter.
    h.answer(200);
    const replay = await post(org, `/webhooks/dead-letters/${dead.id}/replay`);
    expect(replay.json()).toEqual({
      dead_letter_id: dead.id,
      job_id: jobId,
      event: 'job.complete',
      delivered: true,
      status_code: 200,
      error: null,
      resolved: true,
    });
    const replayed = h.hits().at(-1)!;
    expect(replayed.body.toString()).toBe(hits[0]!.body.toString());
    expect(replayed.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);
    expect(verify(org, replayed)).toMatchObject({ event: 'job.complete', job_id: jobId });
    expect((await get(org, `/webhooks/dead-letters?job_id=${jobId}`)).json().dead_letters).toEqual([]);
    const cleared = (await get(org, '/webhooks/dead-letters?resolved=true')).json().dead_letters;
    expect(cleared).toEqual([expect.objectContaining({ id: dead.id, resolved_via: 'replay' })]);
    expect(cleared[0].resolved_at).not.toBeNull();
    const again = await post(org, `/webhooks/dead-letters/${dead.id}/replay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('HOOK_006');
    const stranger = await newOrg();
    const foreign = await post(stranger, `/webhooks/dead-letters/${dead.id}/replay`);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'HOOK_005']);
    expect((await get(stranger, '/webhooks/dead-letters?resolved=true')).json().dead_letters).toEqual([]);
  });

  it('a failed dead-letter replay leaves it outstanding; a later successful delivery of the event clears it', async () => {
    const org = await newOrg();
    const h = hook(503);
    const jobId = await submit(org, { webhook_url: h.url });
    await runSchedule(h);
    const [dead] = await deadLettersOf(org, jobId);
    const failed = (await post(org, `/webhooks/dead-letters/${dead.id}/replay`)).json();
    expect(failed).toMatchObject({ delivered: false, status_code: 503, resolved: false });
    expect((await get(org, `/webhooks/dead-letters?job_id=${jobId}`)).json().dead_letters).toHaveLength(1);
    h.answer(202);
    const replay = await post(org, `/jobs/${jobId}/replay-webhook`);
    expect(replay.json()).toEqual({
      job_id: jobId,
      event: 'job.complete',
      delivered: true,
      status_code: 202,
      webhook_url: h.url,
    });
    expect((await get(org, `/webhooks/dead-letters?job_id=${jobId}`)).json().dead_letters).toEqual([]);
  });

  it('keeps the event when the receiver is down, and delivers it when it is back', async () => {
    const org = await newOrg();
    const down = await startHttpsServer();
    const port = Number(new URL(down.url).port);
    await down.close();
    const jobId = await submit(org, { webhook_url: `${down.url}/hook` });
    const first = await eventually(
      async () => {
        const d = (await get(org, `/webhooks/deliveries?job_id=${jobId}`)).json().deliveries;
        return d.length > 0 ? d[0] : null;
      },
      30_000,
      'attempt 1',
    );
    expect(first).toMatchObject({ attempt: 1, success: false, error: 'connection refused' });
    expect(first).not.toHaveProperty('status_code');
    const up = await startHttpsServer('127.0.0.1', port);
    try {
      up.route('/hook', (_req, res) => res.writeHead(200).end());
      await new Promise((r) => setTimeout(r, 300));
      clock.advance(MINUTE);
      await eventually(async () => up.requests.length === 1, 30_000, 'delivery after the receiver came back');
      expect(verify(org, up.requests[0]!)).toMatchObject({ event: 'job.complete', job_id: jobId });
      await eventually(async () => {
        const d = (await get(org, `/webhooks/deliveries?job_id=${jobId}&success=true`)).json().deliveries;
        return d.length === 1 && d[0].attempt === 2;
      });
      expect((await get(org, `/webhooks/dead-letters?job_id=${jobId}`)).json().dead_letters).toEqual([]);
    } finally {
      await up.close();
    }
  });

  it('sends the post-approval job.complete once: no retry, no dead letter', async () => {
    const org = await newOrg();
    const h = hook(500);
    const job = await createTestJob(platform, org.org_id, { webhook_url: h.url });
    await publishJobEvent(platform, job, 'job.complete', { version: 9, retry: false });
    await waitHits(h, 1);
    clock.advance(40 * MINUTE);
    await new Promise((r) => setTimeout(r, 1000));
    expect(h.hits()).toHaveLength(1);
    expect((await get(org, `/webhooks/dead-letters?job_id=${job.job_id}`)).json().dead_letters).toEqual([]);
  });

  it('sends one batch.complete per batch to the batch webhook_url', async () => {
    const org = await newOrg();
    const h = hook(204);
    const audio = `${receiver.url}/song.wav`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/batch',
      headers: org.auth,
      payload: {
        jobs: [
          { language: 'English', audio_url: audio },
          { language: 'Spanish', audio_url: audio },
        ],
        webhook_url: h.url,
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { batch_id } = res.json();
    await waitHits(h, 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(h.hits()).toHaveLength(1);
    const payload = verify(org, h.hits()[0]!);
    expect(payload).toMatchObject({
      event: 'batch.complete',
      batch_id,
      status: 'complete',
      job_count: 2,
      completed: 2,
    });
    expect(payload.jobs).toHaveLength(2);
  });
});

describe('POST /jobs/{id}/replay-webhook', () => {
  it('refuses what cannot be replayed', async () => {
    const org = await testOrg(platform); // not in the pipeline: its jobs stay processing
    const noHook = await createTestJob(platform, org.org_id);
    const processing = await createTestJob(platform, org.org_id, { webhook_url: 'https://hooks.example.com/x' });
    const code = async (jobId: string, body?: object) => {
      const res = await post(org, `/jobs/${jobId}/replay-webhook`, body);
      return [res.statusCode, res.json().code];
    };
    expect(await code(noHook.job_id)).toEqual([409, 'HOOK_001']);
    expect(await code(processing.job_id)).toEqual([409, 'HOOK_002']);
    expect(await code(processing.job_id, { event: 'job.failed' })).toEqual([409, 'HOOK_002']);
    expect(await code(processing.job_id, { event: 'job.awaiting_review' })).toEqual([409, 'HOOK_003']);
    expect(await code(processing.job_id, { event: 'batch.complete' })).toEqual([400, 'VAL_001']);
    expect(await code('00000000-0000-4000-8000-000000000000')).toEqual([404, 'NOT_001']);
  });

  it('rebuilds the payload from current state and sends it to the submitted webhook_url', async () => {
    const org = await newOrg();
    const h = hook(204);
    const jobId = await submit(org, { webhook_url: h.url });
    await waitHits(h, 1);
    const res = await post(org, `/jobs/${jobId}/replay-webhook`, { event: 'job.complete' });
    expect(res.json()).toMatchObject({ job_id: jobId, event: 'job.complete', delivered: true, status_code: 204 });
    const [original, replayed] = h.hits();
    expect(replayed!.headers['webhook-id']).not.toBe(original!.headers['webhook-id']);
    expect(verify(org, replayed!)).toMatchObject({ event: 'job.complete', job_id: jobId });
  });
});

describe('outbound safety at every attempt', () => {
  const strict: OutboundPolicy = { allowPrivateNetwork: false, extraCaFile: testCa().caFile };
  const send = (url: string, policy = strict) =>
    deliverSigned(
      {
        url,
        body: '{"event":"job.failed"}',
        webhookId: 'evt_ssrf',
        secret: `whsec_${Buffer.from('k').toString('base64')}`,
        now: new Date(),
      },
      httpsOutbound(policy),
    );

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback IPv6', 'https://[::1]/hook'],
    ['a hostname resolving to 127.0.0.1', 'https://localhost/hook'],
    ['private 10/8', 'https://10.1.2.3/hook'],
    ['private 192.168/16', 'https://192.168.0.10/hook'],
    ['link-local and cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['multicast', 'https://224.0.0.1/hook'],
    ['plain http', 'http://hooks.example.com/hook'],
  ])('refuses %s before connecting', async (_what, url) => {
    expect(await send(url)).toMatchObject({
      success: false,
      status_code: null,
      refused: true,
      error: expect.stringMatching(/^refused destination: /),
    });
  });

  it('does not follow a redirect to a private address', async () => {
    const allowed = await startHttpsServer('127.0.0.2');
    try {
      allowed.route('/moved', (_req, res) =>
        res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data' }).end(),
      );
      const outcome = await send(`${allowed.url}/moved`, {
        ...strict,
        allowedAddresses: ['127.0.0.2'],
      } as typeof strict);
      expect(outcome).toMatchObject({ success: false, status_code: 307, error: null });
      expect(allowed.requests).toHaveLength(1);
    } finally {
      await allowed.close();
    }
  });

  it('refuses a destination that resolves to a private address, attempt after attempt, then dead-letters it', async () => {
    const strictOrgs = new Set<string>();
    const strict = await startTestWebhooks(
      platform,
      clock,
      strictOrgs,
      httpsOutbound({ allowPrivateNetwork: false, extraCaFile: testCa().caFile }),
    );
    try {
      const org = await testOrg(platform);
      strictOrgs.add(org.org_id);
      const h = hook(204);
      const job = await createTestJob(platform, org.org_id, { webhook_url: h.url }); // https://localhost:PORT
      await publishJobEvent(platform, job, 'job.failed', { version: 2, retry: true });
      for (const [n, delay] of [
        [1, 0],
        [2, MINUTE],
        [3, 5 * MINUTE],
        [4, 30 * MINUTE],
      ] as const) {
        await new Promise((r) => setTimeout(r, 300));
        clock.advance(delay);
        await eventually(
          async () => {
            const d = (await get(org, `/webhooks/deliveries?job_id=${job.job_id}`)).json().deliveries;
            return d.length >= n ? d : null;
          },
          30_000,
          `attempt ${n}`,
        );
      }
      const deliveries = (await get(org, `/webhooks/deliveries?job_id=${job.job_id}`)).json().deliveries;
      expect(deliveries).toHaveLength(4);
      for (const d of deliveries) expect(d.error).toMatch(/^refused destination: localhost resolves to a private/);
      expect(h.hits()).toHaveLength(0);
      const [dead] = await deadLettersOf(org, job.job_id);
      expect(dead).toMatchObject({ event: 'job.failed', attempts: 4, last_status_code: null });
    } finally {
      await strict.stop();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../core/jobs/job.ts';
import { lineTextHash } from '../../core/jobs/line-text.ts';
import { lockName } from '../../core/ports/locks.ts';
import { buildGateway } from '../../gateway/app.ts';
import type { Platform } from '../../ops/platform.ts';
import { FAKE_LINES, FakeEngine, permanent } from '../doubles/engine.ts';
import { wavTone } from '../support/audio.ts';
import { connectTestPlatform, createTestJob, testOrg } from '../support/platform.ts';

let platform: Platform;
let app: FastifyInstance;
const engine = new FakeEngine();

beforeAll(async () => {
  platform = await connectTestPlatform();
  app = await buildGateway({ ...platform, jobServices: { ...platform.jobServices, engine } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await platform?.close();
});

const lines = FAKE_LINES.map((text) => ({
  text,
  transliteration: text,
  translation: text,
  start: null,
  end: null,
  words: null,
  confidence: null,
  flagged: false,
}));
const results = {
  transcript: FAKE_LINES.join('\n'),
  transliteration: FAKE_LINES.join('\n'),
  translation: FAKE_LINES.join('\n'),
  cultural_notes: null,
  fallback_language: null,
};

/** A job with stored audio, transcribed, and (unless align=false) aligned by the fake engine. */
async function job(
  orgId: string,
  fields: Record<string, unknown> = {},
  options: { audio?: boolean } = {},
): Promise<JobRecord> {
  const created = await createTestJob(platform, orgId, fields);
  const key = `audio/${orgId}/${created.job_id}.wav`;
  if (options.audio !== false) await platform.jobServices.storage.put(key, wavTone(1));
  await platform.jobServices.writer.change(created.job_id, () => ({
    patch: { audio_key: key, results, lines, duration_seconds: 4 },
    event: { type: 'transcript_ready', at: new Date() },
  }));
  const current = (await platform.jobServices.jobs.get(created.job_id))!;
  if (current.lifecycle.stage === 'aligning') {
    const aligned = await engine.align({
      audioKey: '',
      language: { name: 'English' } as never,
      lines,
      wordLevel: true,
    });
    await platform.jobServices.writer.change(created.job_id, (j) => ({
      patch: {
        lines: j.lines!.map((l, i) => ({ ...l, ...aligned.lines[i] })),
        alignment: { ...aligned.alignment, text_sha256: lineTextHash(j.lines!) },
      },
      event: { type: 'alignment_finished', at: new Date() },
    }));
  }
  return (await platform.jobServices.jobs.get(created.job_id))!;
}

const align = (auth: Record<string, string>, jobId: string) =>
  app.inject({ method: 'POST', url: `/api/v1/jobs/${jobId}/align`, headers: auth });

describe('POST /jobs/{id}/align', () => {
  it('a transcript-only job: 202, back to processing/aligning; a second request: 409 ALN_004', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id, { align: false });
    expect(j.lifecycle.status).toBe('complete');
    const res = await align(org.auth, j.job_id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ job_id: j.job_id, status: 'queued', message: expect.any(String) });
    const now = (await platform.jobServices.jobs.get(j.job_id))!;
    expect([now.lifecycle.status, now.lifecycle.stage, now.lifecycle.align_requested]).toEqual([
      'processing',
      'aligning',
      true,
    ]);
    expect((await align(org.auth, j.job_id)).json().code).toBe('ALN_004');
  });

  it('a transcript-only job whose alignment message cannot be published: 202 all the same, the message owed', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id, { align: false });
    const { publisher } = platform;
    const publish = publisher.publish;
    publisher.publish = (() => Promise.reject(new Error('broker not available (injected)'))) as typeof publish;
    let res: Awaited<ReturnType<typeof align>>;
    try {
      res = await align(org.auth, j.job_id);
    } finally {
      publisher.publish = publish;
    }
    expect(res.statusCode, res.body).toBe(202);
    const now = (await platform.jobServices.jobs.get(j.job_id))!;
    expect([now.lifecycle.status, now.lifecycle.stage]).toEqual(['processing', 'aligning']);
    expect((await platform.jobServices.jobs.outboxEntry(j.job_id, now.version))?.effects).toContain('queue_alignment');
    await platform.jobServices.writer.finishOwed(now);
    expect(await platform.jobServices.jobs.outboxEntry(j.job_id, now.version)).toBeNull();
  });

  it('already aligned, text unchanged: 200 realigned false, nothing redone', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    const before = engine.alignCalls.length;
    const res = await align(org.auth, j.job_id);
    expect(res.json()).toMatchObject({
      job_id: j.job_id,
      status: 'complete',
      realigned: false,
      reason: 'unchanged',
      message: expect.any(String),
    });
    expect(engine.alignCalls.length).toBe(before);
  });

  it('text changed: re-aligned synchronously with lines, words and coverage; the job stays complete', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    await platform.jobServices.writer.change(j.job_id, (x) => ({
      patch: { lines: x.lines!.map((l, i) => (i === 0 ? { ...l, text: 'an edited first line' } : l)) },
    }));
    const res = await align(org.auth, j.job_id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      job_id: j.job_id,
      status: 'complete',
      realigned: true,
      lines: 2,
      words: 7,
      coverage: 1,
    });
    const after = (await platform.jobServices.jobs.get(j.job_id))!;
    expect(after.lifecycle.status).toBe('complete');
    expect(after.lines![0]!.words![0]!.word).toBe('an');
    expect((await align(org.auth, j.job_id)).json().realigned).toBe(false);
  });

  it('a re-alignment of the job already running (its lock held): 409 ALN_004, and nothing redone', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    await platform.jobServices.writer.change(j.job_id, (x) => ({
      patch: { lines: x.lines!.map((l, i) => (i === 0 ? { ...l, text: 'edited while another runs' } : l)) },
    }));
    const held = await platform.jobServices.locks.acquire(lockName.realignment(j.job_id));
    try {
      const before = engine.alignCalls.length;
      const res = await align(org.auth, j.job_id);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ALN_004');
      expect(engine.alignCalls.length).toBe(before);
    } finally {
      await held?.release();
    }
    expect((await align(org.auth, j.job_id)).json().realigned).toBe(true);
  });

  it('timings from an older aligner are always re-aligned', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    engine.alignerVersionValue = 'fake-2';
    try {
      expect((await align(org.auth, j.job_id)).json().realigned).toBe(true);
      expect((await platform.jobServices.jobs.get(j.job_id))!.alignment?.aligner_version).toBe('fake-2');
    } finally {
      engine.alignerVersionValue = 'fake-1';
    }
  });

  it('a failed re-alignment is 409 ALN_003 and writes nothing', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    await platform.jobServices.writer.change(j.job_id, (x) => ({
      patch: { lines: x.lines!.map((l) => ({ ...l, text: `${l.text}!` })) },
    }));
    const before = (await platform.jobServices.jobs.get(j.job_id))!;
    engine.failAlignment = permanent('no usable alignment');
    try {
      const res = await align(org.auth, j.job_id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ALN_003', message: expect.stringMatching(/no usable alignment/) });
    } finally {
      engine.failAlignment = null;
    }
    const after = (await platform.jobServices.jobs.get(j.job_id))!;
    expect(after.version).toBe(before.version);
    expect(after.lines).toEqual(before.lines);
  });

  it.each([
    ['no transcript yet', 'ALN_001', 409],
    ['held for review', 'ALN_002', 409],
    ['no stored audio', 'ALN_005', 422],
  ])('%s → %s', async (name, code, status) => {
    const org = await testOrg(platform);
    let id: string;
    if (name === 'no transcript yet') id = (await createTestJob(platform, org.org_id)).job_id;
    else if (name === 'held for review')
      id = (await job(org.org_id, { review: true, review_stage: 'transcript' })).job_id;
    else id = (await job(org.org_id, { align: false }, { audio: false })).job_id;
    const res = await align(org.auth, id);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it('402 PAY_002 on the transcript plan, 403 for a transcript-only key, 404 for another organisation', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id, { align: false });
    const cheap = await testOrg(platform, { plan: 'transcript' });
    expect((await align(cheap.auth, j.job_id)).json().code).toBe('PAY_002');
    const limited = await testOrg(platform, { scope: 'transcript-only' });
    expect((await align(limited.auth, j.job_id)).json().code).toBe('AUTH_002');
    const stranger = await testOrg(platform);
    expect((await align(stranger.auth, j.job_id)).statusCode).toBe(404);
  });

  it('draws from the submit meter', async () => {
    const org = await testOrg(platform);
    const j = await job(org.org_id);
    expect((await align(org.auth, j.job_id)).headers['x-ratelimit-meter']).toBe('submit');
  });
});

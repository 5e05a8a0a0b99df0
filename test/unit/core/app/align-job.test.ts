/**
 * POST /jobs/{id}/align's use case on in-memory ports (the writer's stores, a fake engine, locks and
 * a store that knows which audio it holds): what is refused before anything is read, queuing a
 * transcript-only job, answering "unchanged" without the engine, re-aligning under the lock, and
 * writing nothing when the engine fails.
 */
import { describe, expect, it } from 'vitest';
import { alignJob } from '../../../../core/app/align-job.ts';
import { ApiError } from '../../../../core/errors.ts';
import type { JobRecord } from '../../../../core/jobs/job.ts';
import { lineTextHash } from '../../../../core/jobs/line-text.ts';
import { EngineError } from '../../../../core/ports/engine.ts';
import { lockName } from '../../../../core/ports/locks.ts';
import type { Organisation } from '../../../../core/tenancy.ts';
import { FakeEngine } from '../../../doubles/engine.ts';
import { memoryJobWriter } from '../../../doubles/job-ports.ts';
import { MemoryLocks } from '../../../doubles/locks.ts';
import { unitJobRecord } from '../../../support/jobs.ts';
import { untimedLine } from '../../../support/lyrics.ts';

const AUDIO = 'audio/org_unit/song';

function services(storedAudio: string[] = [AUDIO]) {
  const { jobs, writer } = memoryJobWriter();
  const engine = new FakeEngine();
  const locks = new MemoryLocks();
  const storage = { exists: async (key: string) => storedAudio.includes(key) };
  return { jobs, writer, engine, locks, storage };
}

const org = (plan: Organisation['plan'] = 'full'): Organisation => ({
  org_id: 'org_unit',
  name: 'Unit',
  plan,
  credits: 10,
  limits: {},
  romanisation: 'standard',
  created_at: new Date(0),
});

const lines = [untimedLine('la la la'), untimedLine('the second line')];

/** A finished job: aligned by `aligner` for `aligned` texts, or transcript-only. */
function finished(options: { align: boolean; aligner?: string; alignedTexts?: typeof lines }): JobRecord {
  const job = unitJobRecord({ align: options.align });
  return {
    ...job,
    audio_key: AUDIO,
    lines,
    results: { transcript: 'la la la\nthe second line', transliteration: '', translation: '', cultural_notes: null },
    alignment: options.align
      ? {
          method: 'test',
          flagged_lines: 0,
          aligner_version: options.aligner ?? 'fake-1',
          text_sha256: lineTextHash(options.alignedTexts ?? lines),
        }
      : null,
    lifecycle: { ...job.lifecycle, status: 'complete', stage: 'done', align_requested: options.align },
  } as JobRecord;
}

async function stored(s: ReturnType<typeof services>, job: JobRecord): Promise<JobRecord> {
  await s.jobs.insert(job);
  return job;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

describe('aligning an existing job (POST /jobs/{id}/align)', () => {
  it('refuses a plan without alignment before it looks the job up', async () => {
    let looked = false;
    const load = async () => {
      looked = true;
      return finished({ align: false });
    };
    expect(await codeOf(alignJob(services(), org('transcript'), load))).toBe('PAY_002');
    expect(looked).toBe(false);
  });

  it('refuses a job held for review, one still running, one failed, and one without stored audio', async () => {
    const s = services([]);
    const base = finished({ align: true });
    const at = (lifecycle: Partial<JobRecord['lifecycle']>) => async () => ({
      ...base,
      lifecycle: { ...base.lifecycle, ...lifecycle },
    });
    expect(await codeOf(alignJob(s, org(), at({ review_gate: 'aligned' })))).toBe('ALN_002');
    expect(await codeOf(alignJob(s, org(), at({ status: 'processing', stage: 'aligning' })))).toBe('ALN_004');
    expect(await codeOf(alignJob(s, org(), at({ status: 'processing', stage: 'transcribing' })))).toBe('ALN_001');
    expect(await codeOf(alignJob(s, org(), at({ status: 'failed', stage: 'failed' })))).toBe('ALN_003');
    expect(await codeOf(alignJob(s, org(), async () => base))).toBe('ALN_005');
    expect(s.engine.alignCalls).toEqual([]);
  });

  it('queues a transcript-only job (202) and writes the request through the writer', async () => {
    const s = services();
    const job = await stored(s, finished({ align: false }));
    const answer = await alignJob(s, org(), async () => job);
    expect(answer.statusCode).toBe(202);
    expect(answer.body).toMatchObject({ job_id: job.job_id, status: 'queued' });
    const after = await s.jobs.get(job.job_id);
    expect(after?.lifecycle).toMatchObject({ align_requested: true, stage: 'aligning' });
    expect(s.engine.alignCalls).toEqual([]);
  });

  it('answers "unchanged" without re-aligning when the texts and the aligner are the ones timed', async () => {
    const s = services();
    const job = await stored(s, finished({ align: true }));
    const answer = await alignJob(s, org(), async () => job);
    expect(answer).toMatchObject({ statusCode: 200, body: { realigned: false, reason: 'unchanged' } });
    expect(s.engine.alignCalls).toEqual([]);
  });

  it('re-aligns under the job’s lock when the aligner changed, and stores the new timings', async () => {
    const s = services();
    const job = await stored(s, finished({ align: true, aligner: 'fake-0' }));
    const answer = await alignJob(s, org(), async () => job);
    expect(answer).toMatchObject({ statusCode: 200, body: { realigned: true, lines: 2 } });
    expect(s.engine.alignCalls).toHaveLength(1);
    const after = await s.jobs.get(job.job_id);
    expect(after?.alignment?.aligner_version).toBe('fake-1');
    expect(after?.lines?.every((line) => line.start !== null)).toBe(true);
    expect(s.locks.held.size).toBe(0);
  });

  it('refuses while another re-alignment holds the lock', async () => {
    const s = services();
    const job = await stored(s, finished({ align: true, aligner: 'fake-0' }));
    await s.locks.acquire(lockName.realignment(job.job_id));
    expect(await codeOf(alignJob(s, org(), async () => job))).toBe('ALN_004');
    expect(s.engine.alignCalls).toEqual([]);
  });

  it('writes nothing and frees the lock when the engine fails', async () => {
    const s = services();
    const job = await stored(s, finished({ align: true, alignedTexts: [untimedLine('older words')] }));
    s.engine.failAlignment = new EngineError('engine down', {
      retriable: true,
      publicMessage: 'The speech engine is unavailable.',
    });
    expect(await codeOf(alignJob(s, org(), async () => job))).toBe('ALN_003');
    expect(await s.jobs.get(job.job_id)).toEqual(job);
    expect(s.locks.held.size).toBe(0);
  });
});

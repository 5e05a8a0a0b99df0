/**
 * Crashes at the two dangerous moments. A processor process is SIGKILLed mid-work and right after
 * its write (before its offset commit); a gateway crash between the job row and its publish is
 * reproduced by leaving exactly what such a crash leaves (the row and its outbox entry). Every job
 * still reaches a terminal state, once.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { OUTBOX_BUCKET_MS, OUTBOX_SWEEP_LEASE_MS } from '../../core/jobs/outbox-buckets.ts';
import { createLogger } from '../../core/logger.ts';
import { OUTBOX_STALE_MS } from '../../core/policy.ts';
import { connectPlatform, type Platform } from '../../ops/platform.ts';
import type { JobChangeMessage } from '../../schemas/generated/topics/job-change.ts';
import type { JobEventMessage } from '../../schemas/generated/topics/job-event.ts';
import { type EngineServer, startEngineServer } from '../doubles/engine-server.ts';
import { eventually } from '../support/pipeline.ts';
import { createTestJob, testOrg, uploadedJobRecord } from '../support/platform.ts';
import { tapTopics } from '../support/tap.ts';

const VERSE = path.resolve(import.meta.dirname, '../../bin/verse');
const NAMESPACE = 'verse_crash';

let platform: Platform;
let engine: EngineServer;
let env: NodeJS.ProcessEnv;
const children = new Map<string, ChildProcess>();
const changes: JobChangeMessage[] = [];
const events: JobEventMessage[] = [];
let stopTap: () => Promise<void>;

function startProcessor(name: string): ChildProcess {
  const child = spawn(VERSE, ['processor', name], { env, stdio: 'ignore' });
  children.set(name, child);
  return child;
}

function kill(name: string): Promise<void> {
  const child = children.get(name)!;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

beforeAll(async () => {
  engine = await startEngineServer();
  env = {
    ...process.env,
    ...inject('infraEnv'),
    VERSE_NAMESPACE: NAMESPACE,
    VERSE_ENGINE_URL: engine.url,
    VERSE_LOG_LEVEL: 'warn',
  };
  await promisify(execFile)(VERSE, ['migrate'], { env });
  const config = loadConfig(env);
  platform = await connectPlatform(config, createLogger('silent', 'crash-test'), 'crash-test');
  stopTap = await tapTopics(platform, 'crash', { jobChanges: changes, jobEvents: events });
  startProcessor('transcription');
  startProcessor('alignment');
  await new Promise((r) => setTimeout(r, 4000));
});

afterAll(async () => {
  for (const child of children.values()) child.kill('SIGKILL');
  await stopTap?.();
  await platform?.close();
  await engine?.close();
});

const uploadedJob = (orgId: string) => uploadedJobRecord(platform, orgId);

const terminal = (jobId: string) =>
  eventually(
    async () => {
      const j = await platform.jobServices.jobs.get(jobId);
      return j && (j.lifecycle.status === 'complete' || j.lifecycle.status === 'failed') ? j : null;
    },
    90_000,
    `job ${jobId} terminal`,
  );

function assertOnce(jobId: string) {
  const mine = changes.filter((c) => c.job_id === jobId);
  const transcribed = mine.filter((c) => c.stage === 'aligning' && c.transcript_completed_at);
  // Exactly one change moved it out of transcribing (others are re-stamps of the same state).
  expect(new Set(transcribed.map((c) => c.transcript_completed_at)).size).toBe(1);
  expect(
    new Set(events.filter((e) => e.job_id === jobId && e.event === 'job.complete').map((e) => e.event_id)).size,
  ).toBe(1);
}

describe('crashes', () => {
  it('a transcription processor killed mid-work: the message is redelivered and the job completes once', async () => {
    const org = await testOrg(platform);
    const release = engine.hold();
    const job = await uploadedJob(org.org_id);
    await platform.jobServices.writer.create(job);
    await eventually(
      async () =>
        engine.transcribeRequests > 0 && (await platform.jobServices.jobs.get(job.job_id))?.transcription_attempt === 1,
    );
    await kill('transcription');
    release();
    startProcessor('transcription');
    const done = await terminal(job.job_id);
    expect(done.lifecycle.status).toBe('complete');
    expect(done.transcription_attempt).toBe(2);
    await eventually(async () => events.some((e) => e.job_id === job.job_id && e.event === 'job.complete'));
    await new Promise((r) => setTimeout(r, 1500));
    assertOnce(job.job_id);
  });

  it('a transcription processor killed right after its write, before its offset commit: nothing is done twice', async () => {
    const org = await testOrg(platform);
    const job = await uploadedJob(org.org_id);
    await platform.jobServices.writer.create(job);
    await eventually(
      async () => (await platform.jobServices.jobs.get(job.job_id))?.lifecycle.stage !== 'transcribing',
      30_000,
    );
    await kill('transcription'); // offsets are committed at most every second: this lands before the commit
    startProcessor('transcription');
    const done = await terminal(job.job_id);
    expect(done.lifecycle.status).toBe('complete');
    expect(done.transcription_attempt).toBe(1);
    await new Promise((r) => setTimeout(r, 3000));
    assertOnce(job.job_id);
  });

  it('a gateway that died between the job row and its publish: the sweeper publishes, the job completes once', async () => {
    const org = await testOrg(platform);
    const job = await uploadedJob(org.org_id);
    // Exactly what JobWriter.create leaves when the process dies after the insert.
    const owed = await platform.jobServices.jobs.addOutbox(job.job_id, job.version, ['submit', 'usage_created'], null);
    await platform.jobServices.jobs.insert(job);
    await new Promise((r) => setTimeout(r, 2000));
    expect((await platform.jobServices.jobs.get(job.job_id))!.transcription_attempt).toBe(0);
    // The real sweeper on the real clock: a sweep on a clock moved ahead would redo the entries of
    // changes still in flight in the other files sharing this keyspace, and move the shared checkpoint
    // past buckets still being written. The wait: the entry going stale, a lease a killed sweeper left
    // to lapse, and a walk from a checkpoint left behind earlier in the run (five minutes a tick).
    startProcessor('sweeper');
    const swept = async () => (await platform.jobServices.jobs.outboxEntry(owed.job_id, owed.version)) === null;
    await eventually(swept, OUTBOX_STALE_MS + OUTBOX_BUCKET_MS + OUTBOX_SWEEP_LEASE_MS + 60_000, 'the sweep');
    const done = await terminal(job.job_id);
    expect(done.lifecycle.status).toBe('complete');
    await new Promise((r) => setTimeout(r, 1500));
    assertOnce(job.job_id);
    const usage = await platform.usage.get(org.org_id);
    expect(usage.total_jobs).toBe(1);
  });

  it('an audio_url whose host does not resolve fails the job at transcription after a few tries', async () => {
    const org = await testOrg(platform);
    const job = await createTestJob(platform, org.org_id, { align: false });
    const failed = await terminal(job.job_id);
    expect(failed.lifecycle.error).toMatchObject({
      stage: 'transcription',
      message: expect.stringMatching(/could not be fetched after 3 attempts/),
    });
  });
});

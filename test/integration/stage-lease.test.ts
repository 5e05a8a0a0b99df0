/**
 * One stage of one job never runs twice at once: two members handling the same message (as during
 * a rebalance, when a slow old member still works on a moved partition) do not both call the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../core/logger.ts';
import { lockName } from '../../core/ports/locks.ts';
import type { Platform } from '../../ops/platform.ts';
import { NotDueError } from '../../processors/runtime.ts';
import { transcriptionProcessor } from '../../processors/transcription/transcription.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import { LOCK_LEASE_MS } from '../../sinks/redis/locks.ts';
import { FakeEngine } from '../doubles/engine.ts';
import { eventually } from '../support/pipeline.ts';
import { connectTestPlatform, testOrg, uploadedJobRecord } from '../support/platform.ts';

let platform: Platform;

beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

async function transcribingJob(orgId: string) {
  const job = await uploadedJobRecord(platform, orgId);
  // Stored directly: no submission is published, so no running processor picks it up.
  await platform.jobServices.jobs.insert(job);
  return job;
}

describe('stage leases', () => {
  it('lets one member run a stage of a job; the other waits, then finds nothing left to do', async () => {
    const org = await testOrg(platform);
    const job = await transcribingJob(org.org_id);
    const engine = new FakeEngine();
    let release!: () => void;
    engine.gate = new Promise((r) => {
      release = r;
    });
    const spec = transcriptionProcessor({ ...platform.jobServices, engine });
    const message: SubmissionMessage = {
      job_id: job.job_id,
      org_id: org.org_id,
      reason: 'submitted',
      published_at: new Date().toISOString(),
    };
    const ctx = {
      topic: 'submissions' as const,
      key: job.job_id,
      partition: 0,
      offset: '0',
      log: createLogger('silent', 't'),
    };

    const first = spec.handle(message, ctx);
    await eventually(async () => engine.transcribeCalls.length === 1);
    await expect(spec.handle(message, ctx)).rejects.toBeInstanceOf(NotDueError);
    release();
    await first;
    // The lease is free again, and the stage is done: a redelivery does nothing.
    await spec.handle(message, ctx);
    expect(engine.transcribeCalls).toHaveLength(1);
    expect((await platform.jobServices.jobs.get(job.job_id))!.lifecycle.stage).not.toBe('transcribing');
  });

  it('lapses by itself when its holder dies', async () => {
    const name = lockName.stage('test-stage', 'job-that-crashes');
    const lease = await platform.jobServices.locks.acquire(name);
    expect(lease).not.toBeNull();
    expect(await platform.jobServices.locks.acquire(name)).toBeNull();
    const ttl = await platform.redis.pttl(`${platform.config.namespace}:lease:test-stage:job-that-crashes`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LOCK_LEASE_MS);
    await lease!.release();
  });
});

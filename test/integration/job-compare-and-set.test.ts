/**
 * The job row's compare-and-set on the real Cassandra when a write is sent twice. The driver sends a
 * statement that timed out once more through another coordinator (sinks/cassandra/client.ts), and
 * the second try finds the first one's row: "not applied". That write took place, so its side
 * effects must run. Taken for a lost race, they never did: a cluster run lost a job this way, its
 * row moved to `aligning` and its stage message never published, with nothing in the outbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWriter } from '../../core/app/job-writer.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import type { Publisher, TopicKey } from '../../core/ports/publisher.ts';
import type { Platform } from '../../ops/platform.ts';
import { CassandraJobStore } from '../../sinks/cassandra/jobs.ts';
import { sentTwice } from '../support/cassandra-faults.ts';
import { connectTestPlatform, testOrg, uploadedJobRecord } from '../support/platform.ts';

let platform: Platform;
let jobs: CassandraJobStore;
let orgId: string;
beforeAll(async () => {
  platform = await connectTestPlatform();
  jobs = new CassandraJobStore(platform.cassandra);
  orgId = (await testOrg(platform)).org_id;
});
afterAll(async () => {
  await platform?.close();
});

/** The change a processor makes from version 1: a new field and a later updated_at. */
function changed(job: JobRecord, externalId: string): JobRecord {
  return {
    ...job,
    external_id: externalId,
    version: job.version + 1,
    updated_at: new Date(job.updated_at.getTime() + 5),
  };
}

describe('a job write sent twice', () => {
  it('is applied when the row holds it, and not when another write got there first', async () => {
    const job = await uploadedJobRecord(platform, orgId);
    expect(await jobs.insert(job)).toBe(true);
    expect(await jobs.insert(job)).toBe(true);
    expect(await jobs.insert({ ...job, created_at: new Date(job.created_at.getTime() + 1) })).toBe(false);

    const mine = changed(job, 'mine');
    expect(await jobs.replace(mine, 1)).toBe(true);
    expect(await jobs.replace(mine, 1)).toBe(true);
    // Another writer's change from the same version, and this one's own after it was overtaken.
    expect(await jobs.replace(changed(job, 'theirs'), 1)).toBe(false);
    const overtaken = await jobs.get(job.job_id);
    expect(overtaken).toMatchObject({ version: 2, external_id: 'mine' });
    expect(await jobs.replace({ ...mine, version: 3 }, 1)).toBe(false);
  });

  it('runs its side effects, and leaves nothing owed', async () => {
    const published: { topic: TopicKey; key: string }[] = [];
    const publisher: Publisher = {
      publish: async (topic, key, message) => {
        published.push({ topic, key });
        await platform.publisher.publish(topic, key, message);
      },
    };
    const deps = platform.jobServices;
    const writer = new JobWriter({
      config: platform.config,
      logger: platform.logger,
      jobs: new CassandraJobStore(sentTwice(platform.cassandra)),
      feed: deps.feed,
      timers: platform.timers,
      usage: platform.usage,
      batches: deps.batches,
      publisher,
    });
    const job = await uploadedJobRecord(platform, orgId);
    expect(await jobs.insert(job)).toBe(true);

    // Decided as processors decide, from the fresh row: once it is done, there is nothing to do.
    const outcome = await writer.change(job.job_id, (j) =>
      j.external_id === null ? { patch: { external_id: 'x' } } : null,
    );

    expect(outcome).toMatchObject({ changed: true, job: { version: 2, external_id: 'x' } });
    expect(published).toContainEqual({ topic: 'jobChanges', key: job.job_id });
    expect(await jobs.outboxEntry(job.job_id, 2)).toBeNull();
    expect(await jobs.get(job.job_id)).toMatchObject({ version: 2, external_id: 'x' });
  });
});

/**
 * A publish failure at the wrong moment: Kafka refuses the submission's publish after the job row is
 * stored. The job is accepted all the same (202): its row is durable and the outbox owes its
 * submission, which the sweeper publishes. A retry with the same Idempotency-Key is the same job;
 * the submission is published, counted and charged exactly once, and no outbox entry stays behind;
 * and the same for a batch, whose later jobs wait for the sweeper rather than for Kafka's retries.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWriter } from '../../core/app/job-writer.ts';
import type { MessageOf, Publisher, TopicKey } from '../../core/ports/publisher.ts';
import { buildGateway } from '../../gateway/app.ts';
import type { Platform } from '../../ops/platform.ts';
import { wavTone } from '../support/audio.ts';
import { serveFile, startHttpsServer, type TestHttpsServer, testCa } from '../support/https-server.ts';
import { eventually } from '../support/pipeline.ts';
import { connectTestPlatform, testOrg } from '../support/platform.ts';
import { tapTopics } from '../support/tap.ts';

/** The real publisher, except that the next `failures` publishes to `topic` fail as Kafka would. */
class FlakyPublisher implements Publisher {
  failures = 0;
  constructor(
    private readonly real: Publisher,
    private readonly topic: TopicKey,
  ) {}
  async publish<K extends TopicKey>(topic: K, key: string, message: MessageOf<K>): Promise<void> {
    if (topic === this.topic && this.failures > 0) {
      this.failures--;
      throw new Error('KafkaJSNumberOfRetriesExceeded: broker not available (injected)');
    }
    return this.real.publish(topic, key, message);
  }
}

let platform: Platform;
let app: FastifyInstance;
let cdn: TestHttpsServer;
let flaky: FlakyPublisher;
let writer: JobWriter;
const submissions: { job_id: string }[] = [];
let stopTap: () => Promise<void>;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  flaky = new FlakyPublisher(platform.publisher, 'submissions');
  const { jobs, feed, batches } = platform.jobServices;
  writer = new JobWriter({
    config: platform.config,
    logger: platform.logger,
    jobs,
    feed,
    batches,
    timers: platform.timers,
    usage: platform.usage,
    publisher: flaky,
  });
  app = await buildGateway({ ...platform, jobServices: { ...platform.jobServices, writer } });
  await app.ready();
  cdn = await startHttpsServer();
  cdn.route('/song.wav', serveFile(wavTone(1)));
  stopTap = await tapTopics(platform, 'hostile-retry', { submissions });
});

afterAll(async () => {
  await stopTap?.();
  await app?.close();
  await cdn?.close();
  await platform?.close();
});

/**
 * Redoes the creations of `jobIds` as the sweeper would once they are stale (its redo of one entry),
 * with Kafka answering again. Not a sweep: one with its clock moved on would carry this keyspace's
 * shared checkpoint past the entries other test files are writing now.
 */
async function redoCreations(jobIds: string[]): Promise<void> {
  for (const id of jobIds) {
    await writer.finishOwed({ job_id: id, version: 1 });
    expect(await platform.jobServices.jobs.outboxEntry(id, 1), `outbox entry of ${id}`).toBeNull();
  }
}

describe('a publish failure once the job is stored', () => {
  it('one job: 202, the same job for a retry, published, counted and charged exactly once', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/transcribe',
        headers: { authorization: `Bearer ${org.api_key}`, 'idempotency-key': 'catalogue-row-17' },
        payload: { language: 'English', audio_url: `${cdn.url}/song.wav`, align: false },
      });
    flaky.failures = 1;
    const first = await submit();
    expect(first.statusCode).toBe(202);
    const jobId = first.json().job_id as string;
    expect(flaky.failures).toBe(0);
    expect(await platform.jobServices.jobs.outboxEntry(jobId, 1)).not.toBeNull();

    const retry = await submit();
    expect(retry.statusCode).toBe(202);
    expect(retry.json().job_id).toBe(jobId);

    await redoCreations([jobId]);
    await eventually(async () => submissions.some((m) => m.job_id === jobId), 15_000, 'the submission published');
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
    expect((await platform.usage.get(org.org_id)).total_jobs).toBe(1);
  });

  it('a batch: 202, its later jobs left to the sweeper, every job published and charged exactly once', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const body = [1, 2, 3].map((n) => ({ language: 'English', audio_url: `${cdn.url}/song.wav?n=${n}`, align: false }));
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/batch',
        headers: { authorization: `Bearer ${org.api_key}`, 'idempotency-key': 'batch-7' },
        payload: body,
      });
    // The second job's publish fails: the first is complete, the second stored and owed, and the
    // third stored without a try (Kafka would make it wait out the same retries).
    flaky.failures = 0;
    let calls = 0;
    const realPublish = flaky.publish.bind(flaky);
    flaky.publish = async (topic, key, message) => {
      if (topic === 'submissions' && ++calls === 2) throw new Error('broker not available (injected)');
      return realPublish(topic, key, message);
    };
    try {
      const first = await submit();
      expect(first.statusCode).toBe(202);
      expect(calls).toBe(2);
      const retry = await submit();
      expect(retry.json().batch_id).toBe(first.json().batch_id);
      const batch = await app.inject({
        url: `/api/v1/batch/${first.json().batch_id}`,
        headers: { authorization: `Bearer ${org.api_key}` },
      });
      const jobIds = (batch.json().jobs as { job_id: string }[]).map((j) => j.job_id);
      expect(jobIds).toHaveLength(3);
      await redoCreations(jobIds);
      await eventually(
        async () => jobIds.every((id) => submissions.some((m) => m.job_id === id)),
        15_000,
        'every job of the batch published',
      );
      expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(2);
      expect((await platform.usage.get(org.org_id)).total_jobs).toBe(3);
    } finally {
      flaky.publish = realPublish;
    }
  });
});

/**
 * A retry at the wrong moment: Kafka refuses the submission's publish after the job row is stored,
 * the client is told 503 (retryable) and retries with the same Idempotency-Key seconds later. The
 * retry must finish what the first attempt left pending (publish the submission, count the job),
 * charge exactly once, and leave no outbox entry behind; and the same for a batch.
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
const submissions: { job_id: string }[] = [];
let stopTap: () => Promise<void>;

beforeAll(async () => {
  platform = await connectTestPlatform({ VERSE_ALLOW_PRIVATE_NETWORK: 'true', VERSE_EXTRA_CA_FILE: testCa().caFile });
  flaky = new FlakyPublisher(platform.publisher, 'submissions');
  const { jobs, feed, batches } = platform.jobServices;
  const writer = new JobWriter({
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

describe('a publish failure, then the client retries with the same Idempotency-Key', () => {
  it('one job: 503, then 202 for the same job, published, counted and charged exactly once', async () => {
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
    expect(first.statusCode).toBe(503);
    expect(first.json().code).toBe('SRV_001');

    const retry = await submit();
    expect(retry.statusCode).toBe(202);
    const jobId = retry.json().job_id as string;

    // Nothing owed is left behind, and the submission reached the topic: the job will be transcribed.
    expect(await platform.jobServices.jobs.outboxEntry(jobId, 1)).toBeNull();
    await eventually(async () => submissions.some((m) => m.job_id === jobId), 15_000, 'the submission published');
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
    expect((await platform.usage.get(org.org_id)).total_jobs).toBe(1);

    // A third try is a plain replay of the 202.
    const replay = await submit();
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json().job_id).toBe(jobId);
    expect((await platform.orgs.getOrganisation(org.org_id))?.credits).toBe(4);
  });

  it('a batch: 503, then 202 for the same batch, every job published and charged exactly once', async () => {
    const org = await testOrg(platform, { credits: 5 });
    const body = [1, 2, 3].map((n) => ({ language: 'English', audio_url: `${cdn.url}/song.wav?n=${n}`, align: false }));
    const submit = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/batch',
        headers: { authorization: `Bearer ${org.api_key}`, 'idempotency-key': 'batch-7' },
        payload: body,
      });
    // The second job's publish fails: the first is complete, the second stored but unpublished, the third never tried.
    flaky.failures = 0;
    let calls = 0;
    const realPublish = flaky.publish.bind(flaky);
    flaky.publish = async (topic, key, message) => {
      if (topic === 'submissions' && ++calls === 2) throw new Error('broker not available (injected)');
      return realPublish(topic, key, message);
    };
    try {
      expect((await submit()).statusCode).toBe(503);
      const retry = await submit();
      expect(retry.statusCode).toBe(202);
      const batch = await app.inject({
        url: `/api/v1/batch/${retry.json().batch_id}`,
        headers: { authorization: `Bearer ${org.api_key}` },
      });
      const jobIds = (batch.json().jobs as { job_id: string }[]).map((j) => j.job_id);
      expect(jobIds).toHaveLength(3);
      for (const id of jobIds) expect(await platform.jobServices.jobs.outboxEntry(id, 1)).toBeNull();
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

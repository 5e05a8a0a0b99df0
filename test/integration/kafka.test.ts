import { randomUUID } from 'node:crypto';
import { ConfigResourceTypes } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../../ops/platform.ts';
import { PoisonMessageError, type RunningProcessor, startProcessor } from '../../processors/runtime.ts';
import type { DeadLetterMessage } from '../../schemas/generated/topics/dead-letter.ts';
import type { SubmissionMessage } from '../../schemas/generated/topics/submission.ts';
import { registerSchemas } from '../../sinks/kafka/setup.ts';
import { subjectOf, topicsFor } from '../../sinks/kafka/topics.ts';
import { connectTestPlatform } from '../support/platform.ts';

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

async function until<T>(fn: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('topic layout', () => {
  it('creates every topic with explicit partitions and retention, jobs.changes compacted', async () => {
    const admin = platform.kafka.admin();
    await admin.connect();
    const topics = Object.values(topicsFor(platform.config));
    const meta = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.name) });
    for (const t of meta.topics) expect(t.partitions.length, t.name).toBe(platform.config.kafka.partitions);
    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: topics.map((t) => ({
        type: ConfigResourceTypes.TOPIC,
        name: t.name,
        configNames: ['cleanup.policy', 'retention.ms'],
      })),
    });
    const policy = Object.fromEntries(
      configs.resources.map((r) => [
        r.resourceName,
        r.configEntries.find((e) => e.configName === 'cleanup.policy')?.configValue,
      ]),
    );
    expect(policy[`${platform.config.namespace}.jobs.changes`]).toBe('compact');
    expect(policy[`${platform.config.namespace}.submissions`]).toBe('delete');
    await admin.disconnect();
  });
});

describe('schema registry', () => {
  it('registration is idempotent and backward compatibility is enforced', async () => {
    const first = await registerSchemas(platform.config);
    const again = await registerSchemas(platform.config);
    expect(again).toEqual(first);
    const subject = subjectOf(topicsFor(platform.config).submissions.name);
    // A new required field breaks old readers' data: BACKWARD must refuse it.
    const incompatible = {
      type: 'object',
      required: ['job_id', 'brand_new_required'],
      properties: { job_id: { type: 'string' }, brand_new_required: { type: 'string' } },
      additionalProperties: false,
    };
    await expect(platform.registry.register(JSON.stringify(incompatible), subject)).rejects.toThrow(/ncompatib/);
  });

  it('refuses to encode a message that does not match its schema', async () => {
    await expect(
      platform.publisher.publish('submissions', 'k', { job_id: 'not-a-uuid' } as unknown as SubmissionMessage),
    ).rejects.toThrow();
  });
});

describe('processor runtime', () => {
  it('dead-letters undecodable and poison messages, retries transient failures, and keeps going', async () => {
    const group = `runtime-test-${randomUUID().slice(0, 8)}`;
    const topics = topicsFor(platform.config);
    const orgId = `org_${randomUUID()}`;
    const handled: string[] = [];
    const attempts = new Map<string, number>();
    const poisonId = randomUUID();
    const garbageKey = `garbage-${randomUUID()}`;
    const flakyId = randomUUID();
    const goodId = randomUUID();

    const deadLetters: DeadLetterMessage[] = [];
    const dlqConsumer = platform.kafka.consumer({ groupId: `${group}-dlq` });
    await dlqConsumer.connect();
    await dlqConsumer.subscribe({ topic: topics.deadLetters.name, fromBeginning: false });
    await dlqConsumer.run({
      eachMessage: async ({ message }) => {
        const dl = (await platform.registry.decode(message.value!)) as DeadLetterMessage;
        if (dl.consumer_group.endsWith(group) && (dl.key === garbageKey || dl.key === orgId)) deadLetters.push(dl);
      },
    });
    await new Promise((r) => setTimeout(r, 1500));

    let running: RunningProcessor | undefined;
    try {
      running = await startProcessor(platform, {
        group,
        topics: ['submissions'],
        retry: { retries: 4, initialRetryTimeMs: 100 },
        async handle(message) {
          if (message.org_id !== orgId) return; // other tests' traffic on the shared topic
          attempts.set(message.job_id, (attempts.get(message.job_id) ?? 0) + 1);
          if (message.job_id === poisonId) throw new PoisonMessageError('job does not exist');
          if (message.job_id === flakyId && attempts.get(flakyId)! < 3) throw new Error('cassandra timeout');
          handled.push(message.job_id);
        },
      });
      const producer = platform.kafka.producer();
      await producer.connect();
      await producer.send({
        topic: topics.submissions.name,
        messages: [{ key: garbageKey, value: Buffer.from('{"not": "framed by the registry"}') }],
      });
      await producer.disconnect();
      const msg = (jobId: string): SubmissionMessage => ({
        job_id: jobId,
        org_id: orgId,
        reason: 'submitted',
        published_at: new Date().toISOString(),
      });
      // Same key for all three so they land on one partition, in order: the good one must pass the bad ones.
      for (const id of [poisonId, flakyId, goodId]) await platform.publisher.publish('submissions', orgId, msg(id));

      await until(() => (handled.includes(goodId) ? true : undefined));
      expect(handled).toEqual([flakyId, goodId]);
      expect(attempts.get(flakyId)).toBe(3);
      expect(attempts.get(poisonId)).toBe(1);
      const dls = await until(() => (deadLetters.length >= 2 ? deadLetters : undefined));
      expect(dls.map((d) => d.error.split(':')[0]).sort()).toEqual(['poison', 'undecodable']);
      const garbage = dls.find((d) => d.error.startsWith('undecodable'))!;
      expect(Buffer.from(garbage.value_base64, 'base64').toString()).toBe('{"not": "framed by the registry"}');
      expect(garbage.source_topic).toBe(topics.submissions.name);
    } finally {
      await running?.stop();
      await dlqConsumer.disconnect();
    }
  });
});

describe('several messages in flight per member', () => {
  it('handles different jobs of one partition at once, one job in order, and a member stopped mid-flight loses none', async () => {
    const group = `lanes-test-${randomUUID().slice(0, 8)}`;
    const topics = topicsFor(platform.config);
    const orgId = `org_${randomUUID()}`;
    const jobs = Array.from({ length: 6 }, () => randomUUID());
    const done = new Map<string, string[]>();
    const seen: { job: string; seq: string }[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    let sameJobOverlap = false;
    const running = new Set<string>();

    const handle = async (message: SubmissionMessage) => {
      if (message.org_id !== orgId) return; // other tests' traffic on the shared topic
      seen.push({ job: message.job_id, seq: message.reason });
      if (running.has(message.job_id)) sameJobOverlap = true;
      running.add(message.job_id);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await new Promise((r) => setTimeout(r, 400));
        done.set(message.job_id, [...(done.get(message.job_id) ?? []), message.reason]);
      } finally {
        inFlight--;
        running.delete(message.job_id);
      }
    };

    // Two messages per job, all on partition 0, so only concurrency within a partition can overlap them.
    const producer = platform.kafka.producer();
    await producer.connect();
    const schemaId = await platform.registry.getLatestSchemaId(subjectOf(topics.submissions.name));
    const frame = (jobId: string, reason: 'submitted' | 'republished') =>
      platform.registry.encode(schemaId, {
        job_id: jobId,
        org_id: orgId,
        reason,
        published_at: new Date().toISOString(),
      } satisfies SubmissionMessage);
    const messages = [];
    for (const reason of ['submitted', 'republished'] as const)
      for (const id of jobs) messages.push({ key: id, partition: 0, value: await frame(id, reason) });

    let first: RunningProcessor | undefined;
    let second: RunningProcessor | undefined;
    try {
      first = await startProcessor(platform, { group, topics: ['submissions'], handle });
      await producer.send({ topic: topics.submissions.name, messages });
      // Stop the first member while its first messages are in flight; the second takes over.
      await until(() => (seen.length >= 3 ? true : undefined));
      await first.stop();
      second = await startProcessor(platform, { group, topics: ['submissions'], handle });
      await until(() => (jobs.every((id) => done.get(id)?.includes('republished')) ? true : undefined), 60_000);

      expect(mostInFlight).toBeGreaterThan(1);
      expect(sameJobOverlap).toBe(false);
      for (const id of jobs) {
        // A job's messages run in offset order; a message may run again after the stop, never out of order.
        const order = seen.filter((s) => s.job === id).map((s) => s.seq);
        expect(order.indexOf('submitted'), id).toBeLessThan(order.lastIndexOf('republished'));
        expect(done.get(id), id).toContain('submitted');
      }
    } finally {
      await first?.stop().catch(() => undefined);
      await second?.stop();
      await producer.disconnect();
    }
  });
});

describe('a handler that runs longer than the session timeout', () => {
  it('keeps its member in the group: the message is handled once, not redelivered after a rebalance', async () => {
    const group = `long-handler-${randomUUID().slice(0, 8)}`;
    const orgId = `org_${randomUUID()}`;
    const jobId = randomUUID();
    let calls = 0;
    let finished = false;
    let running: RunningProcessor | undefined;
    try {
      running = await startProcessor(platform, {
        group,
        topics: ['submissions'],
        async handle(message) {
          if (message.org_id !== orgId) return;
          calls++;
          await new Promise((r) => setTimeout(r, 16_000)); // the session times out after 10 s
          finished = true;
        },
      });
      await platform.publisher.publish('submissions', jobId, {
        job_id: jobId,
        org_id: orgId,
        reason: 'submitted',
        published_at: new Date().toISOString(),
      });
      for (let i = 0; i < 600 && !finished; i++) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 8_000)); // a redelivery would start by now
      expect(finished).toBe(true);
      expect(calls).toBe(1);
    } finally {
      await running?.stop();
    }
  }, 120_000);
});

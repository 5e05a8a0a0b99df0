import { randomUUID } from 'node:crypto';
import { SchemaType } from '@kafkajs/confluent-schema-registry';
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
    for (const t of meta.topics) expect(t.partitions.length, t.name).toBe(platform.config.kafkaPartitions);
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
    await expect(
      platform.registry.register({ type: SchemaType.JSON, schema: JSON.stringify(incompatible) }, { subject }),
    ).rejects.toThrow(/ncompatib/);
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

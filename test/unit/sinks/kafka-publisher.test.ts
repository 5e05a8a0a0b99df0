import type { Kafka, Producer } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { KafkaPublisher, PublishTimeoutError } from '../../../sinks/kafka/publisher.ts';
import type { SchemaRegistryPool } from '../../../sinks/kafka/registry-pool.ts';

const registry = {
  getLatestSchemaId: async () => 1,
  encode: async (_id: number, message: unknown) => Buffer.from(JSON.stringify(message)),
} as unknown as SchemaRegistryPool;

/** A publisher whose producer's send is `send`. */
function publisherSending(send: Producer['send'], deadlineMs: number): KafkaPublisher {
  const kafka = { producer: () => ({ send }) as unknown as Producer } as unknown as Kafka;
  return new KafkaPublisher(kafka, registry, loadConfig({ VERSE_MODE: 'development' }), deadlineMs);
}

const submission = { job_id: 'j', org_id: 'o', reason: 'submitted' as const, published_at: new Date(0).toISOString() };

describe('KafkaPublisher', () => {
  it('fails a publish a broker takes and never acknowledges at its deadline, as a dependency failure', async () => {
    const publisher = publisherSending(() => new Promise(() => {}), 50);
    const started = Date.now();
    const failure = await publisher.publish('submissions', 'j', submission).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PublishTimeoutError);
    expect((failure as PublishTimeoutError).retriable).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers with the send: its acknowledgement, or its own failure', async () => {
    expect(await publisherSending(async () => [], 1000).publish('submissions', 'j', submission)).toBeUndefined();
    const refused = Object.assign(new Error('refused'), { name: 'KafkaJSConnectionError' });
    await expect(
      publisherSending(() => Promise.reject(refused), 1000).publish('submissions', 'j', submission),
    ).rejects.toBe(refused);
  });
});

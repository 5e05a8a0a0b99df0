/**
 * Publishes schema-encoded messages: each value is validated and framed by the registry client
 * (magic byte + schema id), so a consumer can always tell which schema wrote it.
 */
import { type Kafka, Partitioners, type Producer } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import { PUBLISH_DEADLINE_MS } from '../../core/policy.ts';
import type { MessageOf, Publisher, TopicKey } from '../../core/ports/publisher.ts';
import { VerseError } from '../../core/verse-error.ts';
import type { SchemaRegistryPool } from './registry-pool.ts';
import { subjectOf, type TopicSpec, topicsFor } from './topics.ts';

/** A publish Kafka did not acknowledge within its deadline: it may still land, or not. */
export class PublishTimeoutError extends VerseError {
  constructor(topic: string, deadlineMs: number) {
    super(`publish to ${topic} not acknowledged within ${deadlineMs / 1000} s`, { retriable: true });
  }
}

export class KafkaPublisher implements Publisher {
  private readonly producer: Producer;
  private readonly topics: Record<TopicKey, TopicSpec>;
  private readonly schemaIds = new Map<string, Promise<number>>();

  constructor(
    kafka: Kafka,
    private readonly registry: SchemaRegistryPool,
    config: Config,
    private readonly deadlineMs = PUBLISH_DEADLINE_MS,
  ) {
    // Not the idempotent producer: consumers are idempotent anyway, and a bounded retry lets a publish
    // fail fast when Kafka is down (the sweeper republishes) instead of blocking a request.
    this.producer = kafka.producer({
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    this.topics = topicsFor(config);
  }

  async connect(): Promise<void> {
    await this.producer.connect();
  }

  async disconnect(): Promise<void> {
    await this.producer.disconnect();
  }

  private schemaId(topic: string): Promise<number> {
    let id = this.schemaIds.get(topic);
    if (!id) {
      id = this.registry.getLatestSchemaId(subjectOf(topic));
      id.catch(() => this.schemaIds.delete(topic));
      this.schemaIds.set(topic, id);
    }
    return id;
  }

  async publish<K extends TopicKey>(topic: K, key: string, message: MessageOf<K>): Promise<void> {
    const name = this.topics[topic].name;
    const value = await this.registry.encode(await this.schemaId(name), message);
    // A send cut off by the deadline runs on inside kafkajs and may still land: every consumer is
    // idempotent, and the outbox entry that owes this publish makes it again either way.
    const sent = this.producer.send({ topic: name, acks: -1, messages: [{ key, value }] });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PublishTimeoutError(name, this.deadlineMs)), this.deadlineMs);
    });
    try {
      await Promise.race([sent, deadline]);
    } finally {
      clearTimeout(timer);
      sent.catch(() => {});
    }
  }
}

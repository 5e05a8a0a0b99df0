/**
 * Publishes schema-encoded messages: each value is validated and framed by the registry client
 * (magic byte + schema id), so a consumer can always tell which schema wrote it.
 */
import { type Kafka, Partitioners, type Producer } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import type { MessageOf, Publisher, TopicKey } from '../../core/ports/publisher.ts';
import type { SchemaRegistryPool } from './registry-pool.ts';
import { subjectOf, type TopicSpec, topicsFor } from './topics.ts';

export class KafkaPublisher implements Publisher {
  private readonly producer: Producer;
  private readonly topics: Record<TopicKey, TopicSpec>;
  private readonly schemaIds = new Map<string, Promise<number>>();

  constructor(
    kafka: Kafka,
    private readonly registry: SchemaRegistryPool,
    config: Config,
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
    await this.producer.send({ topic: name, acks: -1, messages: [{ key, value }] });
  }
}

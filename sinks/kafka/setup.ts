/**
 * Creates missing topics (and grows partitions of existing ones) and registers every topic's JSON
 * Schema with BACKWARD compatibility enforced, so an incompatible schema change fails at start.
 */
import { SchemaType } from '@kafkajs/confluent-schema-registry';
import type { Config } from '../../core/config.ts';
import { topicSchema } from '../../schemas/catalog.ts';
import { createKafka, createSchemaRegistry } from './client.ts';
import { subjectOf, topicsFor } from './topics.ts';

export async function ensureTopics(config: Config, log: (msg: string) => void = () => {}): Promise<void> {
  const admin = createKafka(config, 'verse-setup').admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const specs = Object.values(topicsFor(config));
    const missing = specs.filter((t) => !existing.has(t.name));
    if (missing.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: missing.map((t) => ({
          topic: t.name,
          numPartitions: config.kafkaPartitions,
          replicationFactor: -1,
          configEntries: Object.entries(t.config).map(([name, value]) => ({ name, value })),
        })),
      });
      log(`kafka: created ${missing.map((t) => t.name).join(', ')}`);
    }
    const metadata = await admin.fetchTopicMetadata({ topics: specs.map((t) => t.name) });
    const grow = metadata.topics
      .filter((t) => t.partitions.length < config.kafkaPartitions)
      .map((t) => ({ topic: t.name, count: config.kafkaPartitions }));
    if (grow.length > 0) {
      await admin.createPartitions({ topicPartitions: grow });
      log(`kafka: grew partitions of ${grow.map((g) => g.topic).join(', ')} to ${config.kafkaPartitions}`);
    }
  } finally {
    await admin.disconnect();
  }
}

async function setCompatibility(config: Config, subject: string): Promise<void> {
  const res = await fetch(`${config.schemaRegistryUrl}/config/${encodeURIComponent(subject)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' },
    body: JSON.stringify({ compatibility: 'BACKWARD' }),
  });
  if (!res.ok)
    throw new Error(`schema registry refused compatibility for ${subject}: ${res.status} ${await res.text()}`);
}

export async function registerSchemas(
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<Record<string, number>> {
  const registry = createSchemaRegistry(config);
  const ids: Record<string, number> = {};
  for (const topic of Object.values(topicsFor(config))) {
    const subject = subjectOf(topic.name);
    // The local $id is dropped: several topics share one schema and the registry assigns ids itself.
    const { $id: _localId, ...schema } = topicSchema(topic.schema);
    const { id } = await registry.register({ type: SchemaType.JSON, schema: JSON.stringify(schema) }, { subject });
    await setCompatibility(config, subject);
    ids[topic.name] = id;
  }
  log(`schema registry: ${Object.keys(ids).length} subjects registered (BACKWARD)`);
  return ids;
}

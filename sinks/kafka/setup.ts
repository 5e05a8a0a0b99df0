/**
 * Creates missing topics with the configured replication (and grows partitions of existing ones),
 * brings min.insync.replicas of existing topics to the configured value, and registers every
 * topic's JSON Schema with BACKWARD compatibility enforced, so an incompatible schema change fails
 * at start. checkTopics compares what the cluster holds with what is configured, at every start.
 */
import kafkajs, { type Admin } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import { type RetryPolicy, withRetries } from '../../core/retry.ts';
import { VerseError } from '../../core/verse-error.ts';
import { topicSchema } from '../../schemas/catalog.ts';
import { createKafka, createSchemaRegistry, registryHeaders } from './client.ts';
import { subjectOf, type TopicSpec, topicsFor } from './topics.ts';

const MIN_INSYNC = 'min.insync.replicas';
// Listed after a spread in kafkajs's CommonJS exports, where Node's named-import detection stops.
const { ConfigResourceTypes } = kafkajs;

/** Each topic's own settings plus the replication a write must reach. */
function topicConfig(config: Config, topic: TopicSpec): Record<string, string> {
  return { ...topic.config, [MIN_INSYNC]: String(config.kafka.minInsyncReplicas) };
}

export interface TopicShortfall {
  topic: string;
  problem: string;
}

/**
 * A topic just created is known to its controller before every broker: metadata and config reads
 * answer "unknown topic" (retriable) for a moment on a cluster. About 20 s of tries in all.
 */
const METADATA_SETTLING: RetryPolicy = {
  initialRetryTimeMs: 250,
  factor: 2,
  jitter: 0.2,
  maxRetryTimeMs: 4000,
  retries: 8,
};

/** Reads until the cluster agrees: kafkajs's retriable errors and ours are tried again. */
export function settled<T>(read: () => Promise<T>, policy: RetryPolicy = METADATA_SETTLING): Promise<T> {
  return withRetries(policy, read);
}

const shortfalls = (admin: Admin, config: Config, specs: TopicSpec[]) =>
  settled(() => readShortfalls(admin, config, specs));

class LeaderPending extends VerseError {
  constructor(topics: string[]) {
    super(`no leader yet for partitions of ${topics.join(', ')}`, { retriable: true });
  }
}

/** The topics' metadata once every partition has a leader; retriable until then. */
export async function leadersElected(admin: Pick<Admin, 'fetchTopicMetadata'>, specs: Pick<TopicSpec, 'name'>[]) {
  const metadata = await admin.fetchTopicMetadata({ topics: specs.map((t) => t.name) });
  const leaderless = metadata.topics.filter((t) => t.partitions.some((p) => p.leader < 0)).map((t) => t.name);
  if (leaderless.length > 0) throw new LeaderPending(leaderless);
  return metadata;
}

/** What each existing topic lacks against the configuration: fewer replicas, or a lower min.insync.replicas. */
async function readShortfalls(admin: Admin, config: Config, specs: TopicSpec[]): Promise<TopicShortfall[]> {
  const { replicationFactor, minInsyncReplicas } = config.kafka;
  const metadata = await admin.fetchTopicMetadata({ topics: specs.map((t) => t.name) });
  const described = await admin.describeConfigs({
    includeSynonyms: false,
    resources: specs.map((t) => ({ type: ConfigResourceTypes.TOPIC, name: t.name, configNames: [MIN_INSYNC] })),
  });
  const found: TopicShortfall[] = [];
  for (const topic of metadata.topics) {
    const fewest = Math.min(...topic.partitions.map((p) => p.replicas.length));
    if (fewest < replicationFactor)
      found.push({
        topic: topic.name,
        problem: `${fewest} replicas per partition, ${replicationFactor} configured (VERSE_KAFKA_REPLICATION_FACTOR): reassign its partitions with kafka-reassign-partitions.sh`,
      });
  }
  for (const resource of described.resources) {
    const value = Number(resource.configEntries.find((e) => e.configName === MIN_INSYNC)?.configValue ?? 1);
    if (value < minInsyncReplicas)
      found.push({
        topic: resource.resourceName,
        problem: `min.insync.replicas ${value}, ${minInsyncReplicas} configured (VERSE_KAFKA_MIN_INSYNC_REPLICAS): run verse migrate`,
      });
  }
  return found;
}

/**
 * Refuses to start in production on topics that would lose acknowledged writes with one broker
 * (fewer replicas or in-sync replicas than configured); development only warns.
 */
export async function checkTopics(config: Config, warn: (msg: string) => void): Promise<void> {
  const admin = createKafka(config, 'verse-check').admin();
  await admin.connect();
  try {
    const specs = Object.values(topicsFor(config));
    const existing = new Set(await admin.listTopics());
    const missing = specs.filter((t) => !existing.has(t.name)).map((t) => t.name);
    const problems = [
      ...missing.map((topic) => ({ topic, problem: 'missing: run verse migrate' })),
      ...(await shortfalls(
        admin,
        config,
        specs.filter((t) => existing.has(t.name)),
      )),
    ];
    if (problems.length === 0) return;
    const text = problems.map((p) => `${p.topic}: ${p.problem}`).join('; ');
    if (config.mode === 'production') throw new Error(`Kafka topics are not as configured: ${text}`);
    warn(`kafka topics are not as configured: ${text}`);
  } finally {
    await admin.disconnect();
  }
}

export async function ensureTopics(config: Config, log: (msg: string) => void = () => {}): Promise<void> {
  const admin = createKafka(config, 'verse-setup').admin();
  await admin.connect();
  try {
    const { partitions, replicationFactor, minInsyncReplicas } = config.kafka;
    const existing = new Set(await admin.listTopics());
    const specs = Object.values(topicsFor(config));
    const missing = specs.filter((t) => !existing.has(t.name));
    if (missing.length > 0) {
      // kafkajs's own wait for leaders gives up on "unknown topic", which a broker of a cluster
      // answers until the new topic reaches its metadata cache; leadersElected waits through it.
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((t) => ({
          topic: t.name,
          numPartitions: partitions,
          replicationFactor,
          configEntries: Object.entries(topicConfig(config, t)).map(([name, value]) => ({ name, value })),
        })),
      });
      log(
        `kafka: created ${missing.map((t) => t.name).join(', ')} (replication ${replicationFactor}, min.insync ${minInsyncReplicas})`,
      );
    }
    const metadata = await settled(() => leadersElected(admin, specs));
    const grow = metadata.topics
      .filter((t) => t.partitions.length < partitions)
      .map((t) => ({ topic: t.name, count: partitions }));
    if (grow.length > 0) {
      await admin.createPartitions({ topicPartitions: grow });
      log(`kafka: grew partitions of ${grow.map((g) => g.topic).join(', ')} to ${partitions}`);
    }
    const before = await shortfalls(admin, config, specs);
    const lowInsync = [...new Set(before.filter((s) => s.problem.startsWith('min.insync')).map((s) => s.topic))];
    if (lowInsync.length > 0) {
      // AlterConfigs replaces a topic's whole configuration, so each topic gets all of its settings.
      const byName = new Map(specs.map((t) => [t.name, t]));
      await admin.alterConfigs({
        validateOnly: false,
        resources: lowInsync.map((name) => ({
          type: ConfigResourceTypes.TOPIC,
          name,
          configEntries: Object.entries(topicConfig(config, byName.get(name)!)).map(([n, value]) => ({
            name: n,
            value,
          })),
        })),
      });
      log(`kafka: min.insync.replicas set to ${minInsyncReplicas} on ${lowInsync.join(', ')}`);
    }
    const remaining = (await shortfalls(admin, config, specs)).map((s) => `${s.topic}: ${s.problem}`);
    if (remaining.length > 0) {
      if (config.mode === 'production') throw new Error(`Kafka topics are not as configured: ${remaining.join('; ')}`);
      for (const r of remaining) log(`kafka: warning: ${r}`);
    }
  } finally {
    await admin.disconnect();
  }
}

async function setCompatibility(config: Config, url: string, subject: string): Promise<void> {
  const res = await fetch(`${url}/config/${encodeURIComponent(subject)}`, {
    method: 'PUT',
    headers: registryHeaders(config),
    body: JSON.stringify({ compatibility: 'BACKWARD' }),
    signal: AbortSignal.timeout(10_000),
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
    ids[topic.name] = await registry.register(JSON.stringify(schema), subject);
    // The instances share one store: setting it through the first that answers sets it for all.
    await firstAnswering(config.registry.urls, (url) => setCompatibility(config, url, subject));
  }
  log(`schema registry: ${Object.keys(ids).length} subjects registered (BACKWARD)`);
  return ids;
}

async function firstAnswering(urls: string[], fn: (url: string) => Promise<void>): Promise<void> {
  let lastError: unknown;
  for (const url of urls) {
    try {
      return await fn(url);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

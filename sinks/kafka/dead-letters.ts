/**
 * The Kafka dead-letter topic as an operator sees it: what is parked there (`verse dead-letters
 * list`) and re-driving it (`verse dead-letters replay`), which publishes each parked message's own
 * bytes again, under its own key, to the topic it came from. Consumers are idempotent, so a message
 * replayed twice does its work once. What has been replayed is remembered as the committed offsets
 * of one consumer group, `<namespace>.dead-letter-replay`: the next replay starts after it.
 */
import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import type { DeadLetterMessage } from '../../schemas/generated/topics/dead-letter.ts';
import type { SchemaRegistryPool } from './registry-pool.ts';
import { topicsFor } from './topics.ts';

export interface ParkedMessage extends DeadLetterMessage {
  /** Where the dead letter itself sits in the dead-letter topic. */
  at: { partition: number; offset: string };
  /** Already re-driven by an earlier replay. */
  replayed: boolean;
}

/** How long a read of the dead-letter topic may take before it gives up. */
const READ_DEADLINE_MS = 60_000;

const replayGroup = (config: Config) => `${config.namespace}.dead-letter-replay`;

async function withAdmin<T>(kafka: Kafka, fn: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.disconnect();
  }
}

/** The next offset to replay per partition: the replay group's commit, or the start of the topic. */
async function replayedUpTo(admin: Admin, config: Config, topic: string): Promise<Map<number, bigint>> {
  const [committed] = await admin.fetchOffsets({ groupId: replayGroup(config), topics: [topic] });
  return new Map((committed?.partitions ?? []).map((p) => [p.partition, p.offset === '-1' ? 0n : BigInt(p.offset)]));
}

/** Every message of the dead-letter topic, oldest first per partition. */
export async function listDeadLetters(
  kafka: Kafka,
  registry: SchemaRegistryPool,
  config: Config,
): Promise<ParkedMessage[]> {
  const topic = topicsFor(config).deadLetters.name;
  const { ends, replayed } = await withAdmin(kafka, async (admin) => ({
    ends: await admin.fetchTopicOffsets(topic),
    replayed: await replayedUpTo(admin, config, topic),
  }));
  const pending = new Map(
    ends.filter((p) => BigInt(p.high) > BigInt(p.low)).map((p) => [p.partition, BigInt(p.high)] as const),
  );
  const parked: ParkedMessage[] = [];
  if (pending.size === 0) return parked;
  // A group of its own, left behind by nothing: it commits nothing and is deleted after the read.
  const groupId = `${config.namespace}.dead-letter-reader-${randomUUID()}`;
  const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(
        () => reject(new Error(`reading ${topic} took longer than ${READ_DEADLINE_MS / 1000} s`)),
        READ_DEADLINE_MS,
      );
      consumer
        .run({
          autoCommit: false,
          eachMessage: async ({ partition, message }) => {
            const value = (await registry.decode(message.value!)) as DeadLetterMessage;
            const offset = BigInt(message.offset);
            parked.push({
              ...value,
              at: { partition, offset: message.offset },
              replayed: offset < (replayed.get(partition) ?? 0n),
            });
            if (offset + 1n >= (pending.get(partition) ?? 0n)) pending.delete(partition);
            if (pending.size === 0) {
              clearTimeout(deadline);
              resolve();
            }
          },
        })
        .catch(reject);
    });
  } finally {
    await consumer.disconnect();
    await withAdmin(kafka, (admin) => admin.deleteGroups([groupId])).catch(() => undefined);
  }
  return parked.sort((a, b) => a.at.partition - b.at.partition || Number(BigInt(a.at.offset) - BigInt(b.at.offset)));
}

export interface ReplayOutcome {
  replayed: { source_topic: string; key: string | null; at: ParkedMessage['at'] }[];
}

/**
 * Publishes again every dead letter not yet replayed (or only the one at `only`), then records how
 * far the replay got. A replay that stops half-way is simply run again.
 */
export async function replayDeadLetters(
  kafka: Kafka,
  registry: SchemaRegistryPool,
  config: Config,
  only?: { partition: number; offset: string },
): Promise<ReplayOutcome> {
  const all = await listDeadLetters(kafka, registry, config);
  const chosen = only
    ? all.filter((m) => m.at.partition === only.partition && m.at.offset === only.offset)
    : all.filter((m) => !m.replayed);
  if (only && chosen.length === 0)
    throw new Error(`no dead letter at partition ${only.partition} offset ${only.offset}`);
  const producer = kafka.producer({ allowAutoTopicCreation: false });
  await producer.connect();
  try {
    for (const m of chosen)
      await producer.send({
        topic: m.source_topic,
        acks: -1,
        messages: [{ key: m.key, value: Buffer.from(m.value_base64, 'base64') }],
      });
  } finally {
    await producer.disconnect();
  }
  if (!only && chosen.length > 0) {
    const topic = topicsFor(config).deadLetters.name;
    const next = new Map<number, string>();
    for (const m of chosen) next.set(m.at.partition, String(BigInt(m.at.offset) + 1n));
    await withAdmin(kafka, (admin) =>
      admin.setOffsets({
        groupId: replayGroup(config),
        topic,
        partitions: [...next].map(([partition, offset]) => ({ partition, offset })),
      }),
    );
  }
  return { replayed: chosen.map((m) => ({ source_topic: m.source_topic, key: m.key ?? null, at: m.at })) };
}

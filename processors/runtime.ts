/**
 * The consumer runtime every processor runs on. For each message: decode through the schema
 * registry, run the processor's idempotent handler, and only then let the offset be committed.
 * A dependency that is down (Kafka, Cassandra, Redis, the registry, the engine: sinks/unavailable.ts)
 * is waited out, retried with backoff for as long as it lasts without committing, so a crash at any
 * point redelivers the message and nothing is lost. Only a message that cannot be decoded, that the
 * handler declares poison, or whose handler keeps failing with the dependencies up is written to the
 * dead-letter topic with its raw bytes; the processor's onDeadLetter then records the failure of the
 * job it carries, so no job waits for a message that will never move it. A message that is not due yet (a webhook retry
 * waiting for its minute) pauses its partition instead of sleeping in the handler: the consumer
 * keeps heartbeating and serving its other partitions, and the message is fetched again on resume.
 * A member handles up to VERSE_PROCESSOR_CONCURRENCY messages at once, across its partitions and
 * within one, never two of the same job at a time (key-lanes.ts).
 */
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import type { SharedCounters } from '../core/ports/metrics.ts';
import type { MessageOf, Publisher, TopicKey } from '../core/ports/publisher.ts';
import { type RetryPolicy, retryDelay } from '../core/retry.ts';
import { VerseError } from '../core/verse-error.ts';
import type { SchemaRegistryPool } from '../sinks/kafka/registry-pool.ts';
import { topicsFor } from '../sinks/kafka/topics.ts';
import { isDependencyUnavailable } from '../sinks/unavailable.ts';
import { handleInLanes } from './key-lanes.ts';
import { Slots } from './slots.ts';

/** Thrown by a handler for a message that can never succeed (e.g. it names a job that does not exist). */
export class PoisonMessageError extends VerseError {}

/** Thrown by a handler for a message whose time has not come: its partition pauses, then it is handled again. */
export class NotDueError extends VerseError {
  constructor(readonly retryInMs: number) {
    super(`not due for ${retryInMs} ms`, { retriable: true });
  }
}

export interface MessageContext<K extends TopicKey> {
  topic: K;
  key: string | null;
  partition: number;
  offset: string;
  log: Logger;
}

export interface ProcessorSpec<K extends TopicKey> {
  /** Consumer group name, without namespace (e.g. `transcription`). */
  group: string;
  topics: readonly K[];
  handle(message: MessageOf<K>, context: MessageContext<K>): Promise<void>;
  /** How a failing handler is retried before its message is dead-lettered; HANDLER_RETRY by default. */
  retry?: Partial<RetryPolicy>;
  /**
   * Called once a message is dead-lettered, with its key (the job id on job topics) and why; it
   * settles the job the message carried. Failing, it is retried like a handler: the message is not
   * committed until the job is settled.
   */
  onDeadLetter?(key: string | null, reason: string): Promise<void>;
}

export interface RuntimeDeps {
  /** Where handling times go (shared by every process; rendered by the gateway's /metrics). */
  sharedMetrics?: SharedCounters;
  config: Config;
  kafka: Kafka;
  registry: SchemaRegistryPool;
  publisher: Publisher;
  logger: Logger;
}

export interface RunningProcessor {
  group: string;
  stop(): Promise<void>;
  /**
   * Settles when the processor has stopped working by itself and will not recover in this process;
   * the process should then exit so its supervisor starts a fresh one.
   */
  failure: Promise<Error>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A member is declared dead after 10 s without a heartbeat; it sends one every 3 s. */
const HEARTBEAT_INTERVAL_MS = 3000;

/**
 * A handler that fails (a dependency down, a busy engine pool) is tried again after 0.5 s, 1 s, 2 s…
 * up to 30 s between tries, each wait varied by ±20 %, for 7 retries (about a minute of waiting in
 * all); then its message is dead-lettered. The consumer heartbeats between tries.
 */
export const HANDLER_RETRY: RetryPolicy = {
  initialRetryTimeMs: 500,
  factor: 2,
  jitter: 0.2,
  maxRetryTimeMs: 30_000,
  retries: 7,
};

/**
 * While a dependency is down, a message is tried again after 0.5 s, 1 s, 2 s… then every 15 s, each
 * wait varied by ±20 %, for as long as the outage lasts: a backlog, never a dead letter.
 */
export const DEPENDENCY_RETRY: RetryPolicy = {
  initialRetryTimeMs: 500,
  factor: 2,
  jitter: 0.2,
  maxRetryTimeMs: 15_000,
  retries: Number.POSITIVE_INFINITY,
};

export async function startProcessor<K extends TopicKey>(
  deps: RuntimeDeps,
  spec: ProcessorSpec<K>,
): Promise<RunningProcessor> {
  const topics = topicsFor(deps.config);
  const byName = new Map(spec.topics.map((k) => [topics[k].name, k]));
  const groupId = `${deps.config.namespace}.${spec.group}`;
  const log = deps.logger.child({ processor: spec.group });
  const retry: RetryPolicy = { ...HANDLER_RETRY, ...spec.retry };
  const consumer: Consumer = deps.kafka.consumer({
    groupId,
    // A killed member's partitions move to a live one after this long.
    sessionTimeout: 10000,
    heartbeatInterval: HEARTBEAT_INTERVAL_MS,
    allowAutoTopicCreation: false,
    retry: { retries: 10 },
  });
  let stopping = false;
  // kafkajs restarts its consumer after a retriable crash. After any other it leaves it stopped while
  // the process lives on: a member that holds no partitions and consumes nothing, which no
  // supervisor would notice. Reported here, so the process can exit and be restarted.
  const failure = new Promise<Error>((resolve) => {
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart && !stopping) resolve(payload.error);
    });
  });

  interface Delivered {
    topic: string;
    partition: number;
    message: KafkaMessage;
    heartbeat(): Promise<void>;
  }

  async function deadLetter(delivered: Delivered, error: string): Promise<void> {
    const { topic, partition, message } = delivered;
    await deps.publisher.publish('deadLetters', message.key?.toString() ?? `${topic}:${partition}:${message.offset}`, {
      source_topic: topic,
      partition,
      offset: message.offset,
      consumer_group: groupId,
      key: message.key?.toString() ?? null,
      value_base64: message.value?.toString('base64') ?? '',
      error: error.slice(0, 2000),
      failed_at: new Date().toISOString(),
    });
    log.warn(
      { topic, partition, offset: message.offset, key: message.key?.toString(), error },
      'message dead-lettered',
    );
    if (spec.onDeadLetter) {
      const key = message.key?.toString() ?? null;
      await untilDone(delivered, () => spec.onDeadLetter!(key, error), 'settling the job of a dead letter');
    }
  }

  /** Runs fn until it succeeds, waiting between tries and heartbeating; gives up only when stopping. */
  async function untilDone(delivered: Delivered, fn: () => Promise<void>, what: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        log.warn({ err: error, attempt }, `${what} failed; retrying`);
        if (stopping) throw error;
        await sleep(retryDelay(DEPENDENCY_RETRY, attempt));
        await delivered.heartbeat();
      }
    }
  }

  /** Handles one message; returns how long to wait when it is not due yet, else null (done with it). */
  async function handleOne(delivered: Delivered): Promise<number | null> {
    const { topic, partition, message, heartbeat } = delivered;
    const key = message.key?.toString() ?? null;
    let decoded: MessageOf<K> | null = null;
    for (let attempt = 1; decoded === null; attempt++) {
      try {
        if (!message.value) throw new Error('empty message value');
        decoded = (await deps.registry.decode(message.value)) as MessageOf<K>;
      } catch (error) {
        if (!isDependencyUnavailable(error)) {
          await deadLetter(delivered, `undecodable: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        }
        log.warn({ err: error, attempt }, 'schema registry unavailable; decoding again');
        if (stopping) throw error;
        await sleep(retryDelay(DEPENDENCY_RETRY, attempt));
        await heartbeat();
      }
    }
    const topicKey = byName.get(topic) as K;
    const context: MessageContext<K> = {
      topic: topicKey,
      key,
      partition,
      offset: message.offset,
      log: log.child({ job_id: key, topic, offset: message.offset }),
    };
    const observe = (outcome: string, started: number) =>
      deps.sharedMetrics
        ?.observe(
          'verse_processor_message_duration_seconds',
          { group: spec.group, outcome },
          (performance.now() - started) / 1000,
        )
        .catch(() => undefined);
    // Failures with every dependency up: only these count towards dead-lettering the message.
    let failures = 0;
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        await spec.handle(decoded, context);
        context.log.info({ latency_ms: Math.round(performance.now() - started), attempt }, 'message processed');
        await observe('processed', started);
        return null;
      } catch (error) {
        if (error instanceof NotDueError) return error.retryInMs;
        await observe('failed', started);
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof PoisonMessageError) {
          await deadLetter(delivered, `poison: ${reason}`);
          return null;
        }
        const unavailable = isDependencyUnavailable(error);
        if (!unavailable) failures++;
        if (failures > retry.retries) {
          await deadLetter(delivered, `failed ${failures} times: ${reason}`);
          return null;
        }
        context.log.warn({ err: error, attempt, dependency_unavailable: unavailable }, 'handler failed; retrying');
        // Not committing: if we stop or crash here, the message is redelivered.
        if (stopping) throw error;
        await sleep(retryDelay(unavailable ? DEPENDENCY_RETRY : retry, unavailable ? attempt : failures));
        await heartbeat();
      }
    }
  }

  const slots = new Slots(deps.config.processorConcurrency);

  async function eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, pause, commitOffsetsIfNecessary, isRunning, isStale } = payload;
    const messages = batch.messages.map((message) => ({
      key: message.key?.toString() ?? null,
      offset: message.offset,
      message,
    }));
    // kafkajs heartbeats only when asked. A handler can wait minutes on the engine, longer than the
    // session timeout, so the member says it is alive while the batch runs; a heartbeat refused in
    // a rebalance is left to kafkajs, which marks the batch stale and stops new work in it.
    const keepAlive = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_INTERVAL_MS);
    const waitMs = await handleInLanes(messages, {
      slots,
      handle: ({ message }) => handleOne({ topic: batch.topic, partition: batch.partition, message, heartbeat }),
      resolve: resolveOffset,
      settle: async () => {
        await commitOffsetsIfNecessary();
        await heartbeat();
      },
      keepGoing: () => isRunning() && !isStale(),
    }).finally(() => clearInterval(keepAlive));
    if (waitMs !== null) {
      // The unfinished offsets stay unresolved: after the pause the partition is fetched again from there.
      const resume = pause();
      setTimeout(resume, Math.max(10, waitMs)).unref();
    }
  }

  await consumer.connect();
  await consumer.subscribe({ topics: [...byName.keys()], fromBeginning: true });
  await consumer.run({
    autoCommit: true,
    autoCommitInterval: 1000,
    // Every partition may have a batch going; the member's slots bound the messages in flight.
    partitionsConsumedConcurrently: deps.config.processorConcurrency,
    eachBatchAutoResolve: false,
    eachBatch,
  });
  log.info({ group: groupId, topics: [...byName.keys()] }, 'processor started');

  return {
    group: spec.group,
    async stop() {
      stopping = true;
      await consumer.disconnect();
    },
    failure,
  };
}

/**
 * The composition root: real adapters (Cassandra, Redis, Kafka, schema registry, engine) built
 * from configuration, shared by the gateway, the processors and the CLI.
 */

import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { Redis, type RedisOptions } from 'ioredis';
import { JobWriter } from '../core/app/job-writer.ts';
import { OutputFiles } from '../core/app/outputs.ts';
import { VersionedOrganisationStore } from '../core/app/versioned-organisations.ts';
import { WebhookSender } from '../core/app/webhook-sender.ts';
import { systemClock } from '../core/clock.ts';
import type { Config } from '../core/config.ts';
import { listRowRendering } from '../core/jobs/list-rows.ts';
import type { Logger } from '../core/logger.ts';
import { REDIS_COMMAND_TIMEOUT_MS } from '../core/policy.ts';
import type { ObjectStore } from '../core/ports/object-store.ts';
import type { ComponentName, Probe } from '../gateway/health.ts';
import { CONSUMER_GROUPS } from '../processors/consumer-groups.ts';
import { CassandraBatchStore } from '../sinks/cassandra/batches.ts';
import { type CassandraClient, createCassandraClient } from '../sinks/cassandra/client.ts';
import { CassandraEndUserStore } from '../sinks/cassandra/end-users.ts';
import { CassandraJobFeed } from '../sinks/cassandra/feed.ts';
import { CassandraIdempotencyStore } from '../sinks/cassandra/idempotency.ts';
import { CassandraJobStore } from '../sinks/cassandra/jobs.ts';
import { CassandraOrganisationStore } from '../sinks/cassandra/organisations.ts';
import { CassandraStudioUsers } from '../sinks/cassandra/studio-users.ts';
import { CassandraTimers } from '../sinks/cassandra/timers.ts';
import { CassandraUsageStore } from '../sinks/cassandra/usage.ts';
import { CassandraDeadLetters } from '../sinks/cassandra/webhook-dead-letters.ts';
import { CassandraDeliveryLog } from '../sinks/cassandra/webhook-deliveries.ts';
import { CassandraWebhookEvents } from '../sinks/cassandra/webhook-events.ts';
import { workerPasswords } from '../sinks/crypto/passwords.ts';
import { HttpEngine } from '../sinks/engine/http-engine.ts';
import { httpsOutbound } from '../sinks/http/outbound.ts';
import { createKafka, createSchemaRegistry, registryHeaders } from '../sinks/kafka/client.ts';
import { consumerLag } from '../sinks/kafka/consumer-lag.ts';
import { KafkaPublisher } from '../sinks/kafka/publisher.ts';
import { NaughtyWordsLexicons } from '../sinks/lexicons/naughty-words.ts';
import { redisLocks } from '../sinks/redis/locks.ts';
import { RedisMeter } from '../sinks/redis/meter.ts';
import { SharedMetrics } from '../sinks/redis/shared-metrics.ts';
import { RedisTenancyVersions } from '../sinks/redis/tenancy-versions.ts';
import { LocalObjectStore } from '../sinks/storage/local-store.ts';
import { parseS3Url, S3ObjectStore } from '../sinks/storage/s3-store.ts';
import { tlsOptions } from '../sinks/tls.ts';

export type Platform = Awaited<ReturnType<typeof connectPlatform>>;

/**
 * Redis as configured: the primary that the Sentinels name, or one endpoint.
 *
 * A command sent while the connection is being made again (after the primary died, or after a
 * READONLY reply from a primary the Sentinels demoted, which reconnects and sends it once more)
 * waits for the new connection rather than failing; REDIS_COMMAND_TIMEOUT_MS bounds that wait and
 * every reply, and a command still without a connection after maxRetriesPerRequest attempts fails
 * at once, so Redis down still answers 503 soon. ioredis still sends a command that timed out
 * while it waited once the connection is back: a meter may then count a request it answered 503,
 * and a lease taken so is no one's until it lapses (LOCK_LEASE_MS). ioredis's `failoverDetector` (leave the old
 * primary as soon as +switch-master is announced) is not used: announced while the client was
 * asking the Sentinels for the new primary, it ends the client for good (every later command
 * "Connection is closed"), which the cluster test saw on two processor members.
 */
export function connectRedis(config: Config, logger?: Logger): Redis {
  const { url, sentinels, sentinelName, sentinelPassword, credentials, tls } = config.redis;
  const options: RedisOptions = {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: false,
    // Every authenticated request sends a command or two (the meter, and before it the key's
    // organisation version unless the meter script checks it); under load, those of concurrent
    // requests leave in one write rather than one syscall each.
    enableAutoPipelining: true,
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
    ...(credentials?.username ? { username: credentials.username } : {}),
    ...(credentials?.password ? { password: credentials.password } : {}),
    ...(tls ? { tls: tlsOptions(tls) } : {}),
  };
  const redis =
    sentinels.length > 0
      ? new Redis({
          ...options,
          sentinels,
          name: sentinelName,
          role: 'master',
          ...(sentinelPassword ? { sentinelPassword } : {}),
          ...(tls ? { enableTLSForSentinelMode: true, sentinelTLS: tlsOptions(tls) } : {}),
          // Ask the Sentinels again soon after a failover, rather than waiting out a long backoff.
          sentinelRetryStrategy: (times) => Math.min(100 * times, 1000),
          retryStrategy: (times) => Math.min(100 * times, 1000),
        })
      : new Redis(url, options);
  // ioredis reconnects by itself; without a listener each failed attempt would print an unhandled-error trace.
  let reported = false;
  redis.on('error', (error) => {
    if (!reported) logger?.warn({ err: error }, 'redis unreachable; reconnecting');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/**
 * Waits (up to timeoutMs) for Redis to be connected, so the first meter check or metric after start
 * does not fail for a connection still being made. Redis down at start is not fatal: /health reports it.
 */
function redisReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function probesFor(
  config: Config,
  deps: { cassandra: CassandraClient; redis: Redis },
): Record<ComponentName, Probe> {
  const kafkaAdmin = createKafka(config, 'verse-health').admin();
  let adminConnected: Promise<void> | null = null;
  const httpOk = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  };
  return {
    kafka: async () => {
      adminConnected ??= kafkaAdmin.connect().catch((error) => {
        adminConnected = null;
        throw error;
      });
      await adminConnected;
      await kafkaAdmin.describeCluster();
    },
    cassandra: async () => {
      await deps.cassandra.execute('SELECT release_version FROM system.local');
    },
    redis: async () => {
      if ((await deps.redis.ping()) !== 'PONG') throw new Error('unexpected PING reply');
    },
    // Up while any instance answers: they share one store, and the client moves between them.
    schema_registry: () =>
      Promise.any(config.registry.urls.map((url) => httpOk(`${url}/subjects`, registryHeaders(config)))),
    engine: () => httpOk(`${config.engineUrl}/health`),
  };
}

/** The object store VERSE_STORAGE_URL names: S3-compatible storage, or a local folder. */
export function objectStoreFor(config: Config): ObjectStore {
  if (!config.storageUrl) return new LocalObjectStore(path.join(config.dataDir, 'objects'));
  const client = new S3Client({
    region: config.s3Region,
    // Other S3-compatible servers do not all compute AWS's newer default checksums the same way.
    ...(config.s3Endpoint
      ? {
          endpoint: config.s3Endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
  return new S3ObjectStore(client, parseS3Url(config.storageUrl), path.join(config.dataDir, 's3-cache'));
}

export async function connectPlatform(config: Config, logger: Logger, clientId: string) {
  const cassandra = createCassandraClient(config);
  await cassandra.connect();
  const redis = connectRedis(config, logger);
  await redisReady(redis, 10_000);
  const kafka = createKafka(config, clientId, logger);
  const registry = createSchemaRegistry(config);
  const publisher = new KafkaPublisher(kafka, registry, config);
  await publisher.connect();
  const jobs = new CassandraJobStore(cassandra);
  const feed = new CassandraJobFeed(cassandra, listRowRendering(config));
  const timers = new CassandraTimers(cassandra);
  const usage = new CassandraUsageStore(cassandra);
  const batches = new CassandraBatchStore(cassandra);
  const writer = new JobWriter({ config, logger, jobs, feed, timers, usage, batches, publisher });
  // Authentication reads keys and organisations on every request; they are kept while unchanged.
  const orgs = new VersionedOrganisationStore(
    new CassandraOrganisationStore(cassandra),
    new RedisTenancyVersions(redis, config.namespace),
  );
  const storage = objectStoreFor(config);
  const sharedMetrics = new SharedMetrics(redis, config.namespace);
  const lagAdmin = kafka.admin();
  let lagAdminConnected: Promise<void> | null = null;
  const outbound = httpsOutbound({
    allowPrivateNetwork: config.allowPrivateNetwork,
    extraCaFile: config.extraCaFile,
    allowedAddresses: config.outboundAllow,
  });
  const webhookStores = {
    events: new CassandraWebhookEvents(cassandra),
    deliveries: new CassandraDeliveryLog(cassandra),
    deadLetters: new CassandraDeadLetters(cassandra),
  };
  const jobServices = {
    jobs,
    feed,
    writer,
    batches,
    endUsers: new CassandraEndUserStore(cassandra),
    idempotency: new CassandraIdempotencyStore(cassandra),
    storage,
    outputs: new OutputFiles(storage),
    engine: new HttpEngine(config.engineUrl),
    locks: redisLocks(redis, config.namespace),
    outbound,
    webhooks: {
      ...webhookStores,
      sender: new WebhookSender({ ...webhookStores, orgs, outbound, clock: systemClock, sharedMetrics }),
    },
    lexicons: new NaughtyWordsLexicons(),
  };
  return {
    jobServices,
    timers,
    config,
    logger,
    cassandra,
    redis,
    kafka,
    registry,
    publisher,
    orgs,
    keptCredentials: orgs,
    sharedMetrics,
    metrics: {
      shared: sharedMetrics,
      token: config.metricsToken,
      consumerLag: async () => {
        lagAdminConnected ??= lagAdmin.connect().catch((error) => {
          lagAdminConnected = null;
          throw error;
        });
        await lagAdminConnected;
        return consumerLag(lagAdmin, config, CONSUMER_GROUPS);
      },
      unsweptOutbox: async () => (await writer.staleOutbox()).length,
    },
    studioUsers: new CassandraStudioUsers(cassandra),
    passwords: workerPasswords,
    usage,
    meter: new RedisMeter(redis, config.namespace),
    probes: probesFor(config, { cassandra, redis }),
    async close() {
      await usage.close();
      await publisher.disconnect().catch(() => {});
      if (lagAdminConnected) await lagAdmin.disconnect().catch(() => {});
      redis.disconnect();
      await cassandra.shutdown();
    },
  };
}

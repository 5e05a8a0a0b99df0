/**
 * How Verse reaches and replicates its stores: Kafka, Cassandra, Redis and the schema registry.
 * Read from the environment by loadConfig (core/config.ts). Each setting has a default that is safe
 * where it applies: one node of everything in development, three replicas in production. Production
 * refuses at start a setting with which the loss of one node loses data or takes the API down.
 */

import { type Env, flag, list, positiveInteger, urlValue } from './env-values.ts';

export type Mode = 'production' | 'development';

/** TLS to a store: verify the server against the system's roots, plus caFile when given. */
export interface TlsSettings {
  caFile: string | null;
}

export interface Credentials {
  username: string;
  password: string;
}

export type SaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';

export interface KafkaSettings {
  brokers: string[];
  /** Partitions for new topics: the ceiling on consumers per group. */
  partitions: number;
  /** Copies of every partition. */
  replicationFactor: number;
  /** Copies a write with acks=all must reach before it is acknowledged (topic min.insync.replicas). */
  minInsyncReplicas: number;
  tls: TlsSettings | null;
  sasl: (Credentials & { mechanism: SaslMechanism }) | null;
}

export interface CassandraSettings {
  contactPoints: string[];
  localDataCenter: string;
  /** Replicas per data centre (NetworkTopologyStrategy). */
  replication: Record<string, number>;
  credentials: Credentials | null;
  tls: TlsSettings | null;
}

export interface HostPort {
  host: string;
  port: number;
}

export interface RedisSettings {
  /** One endpoint (redis:// or rediss://); ignored when sentinels are named. */
  url: string;
  /** Sentinels to ask for the current primary of `sentinelName`; empty for the single endpoint. */
  sentinels: HostPort[];
  sentinelName: string;
  /** The URL names an endpoint that fails over by itself (a managed service), so one URL is safe. */
  managedFailover: boolean;
  /** ACL user and password for the data nodes (a URL's own user and password win). */
  credentials: Partial<Credentials> | null;
  sentinelPassword: string | null;
  tls: TlsSettings | null;
}

export interface RegistrySettings {
  /** Every instance of one registry (they share storage); tried in turn when one does not answer. */
  urls: string[];
  credentials: Credentials | null;
}

export interface StoreSettings {
  kafka: KafkaSettings;
  cassandra: CassandraSettings;
  redis: RedisSettings;
  registry: RegistrySettings;
}

/** What production requires so that losing any one node loses nothing and stops nothing. */
export const PRODUCTION_MINIMUM = { replicas: 3, minInsyncReplicas: 2 } as const;

/** A user and password from PREFIX_USERNAME and PREFIX_PASSWORD: both or neither. */
function credentials(env: Env, prefix: string): Credentials | null {
  const username = env[`${prefix}_USERNAME`];
  const password = env[`${prefix}_PASSWORD`];
  if (!username && !password) return null;
  if (!username || !password) throw new Error(`${prefix}_USERNAME and ${prefix}_PASSWORD must be set together`);
  return { username, password };
}

/** TLS when PREFIX_TLS is on or a PREFIX_CA_FILE is given. */
function tls(env: Env, prefix: string): TlsSettings | null {
  const caFile = env[`${prefix}_CA_FILE`] || null;
  return flag(env, `${prefix}_TLS`) || caFile ? { caFile } : null;
}

function hostPort(name: string, raw: string): HostPort {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(raw);
  if (!match) throw new Error(`${name} must list host:port pairs, got "${raw}"`);
  return { host: match[1]!, port: Number(match[2]) };
}

function kafkaSettings(env: Env, mode: Mode): KafkaSettings {
  const production = mode === 'production';
  const replicationFactor = positiveInteger(env, 'VERSE_KAFKA_REPLICATION_FACTOR', production ? 3 : 1);
  const minInsyncReplicas = positiveInteger(
    env,
    'VERSE_KAFKA_MIN_INSYNC_REPLICAS',
    production ? PRODUCTION_MINIMUM.minInsyncReplicas : 1,
  );
  if (minInsyncReplicas > replicationFactor)
    throw new Error(
      `VERSE_KAFKA_MIN_INSYNC_REPLICAS (${minInsyncReplicas}) cannot exceed VERSE_KAFKA_REPLICATION_FACTOR (${replicationFactor})`,
    );
  if (production) {
    if (replicationFactor < PRODUCTION_MINIMUM.replicas)
      throw new Error(
        `VERSE_KAFKA_REPLICATION_FACTOR must be at least ${PRODUCTION_MINIMUM.replicas} in production (got ${replicationFactor}): one broker's loss would lose acknowledged messages`,
      );
    if (minInsyncReplicas < PRODUCTION_MINIMUM.minInsyncReplicas || minInsyncReplicas >= replicationFactor)
      throw new Error(
        `VERSE_KAFKA_MIN_INSYNC_REPLICAS must be at least ${PRODUCTION_MINIMUM.minInsyncReplicas} and below the replication factor in production (got ${minInsyncReplicas} of ${replicationFactor}): fewer lets one broker's loss lose a write, as many stops writes when one broker is down`,
      );
  }
  const mechanism = (env.VERSE_KAFKA_SASL_MECHANISM || '').toLowerCase();
  let sasl: KafkaSettings['sasl'] = null;
  if (mechanism) {
    if (mechanism !== 'plain' && mechanism !== 'scram-sha-256' && mechanism !== 'scram-sha-512')
      throw new Error(`VERSE_KAFKA_SASL_MECHANISM must be plain, scram-sha-256 or scram-sha-512, got "${mechanism}"`);
    const user = credentials(env, 'VERSE_KAFKA');
    if (!user) throw new Error('VERSE_KAFKA_SASL_MECHANISM needs VERSE_KAFKA_USERNAME and VERSE_KAFKA_PASSWORD');
    sasl = { mechanism, ...user };
  }
  return {
    brokers: list(env.VERSE_KAFKA_BROKERS || '127.0.0.1:9092'),
    partitions: positiveInteger(env, 'VERSE_KAFKA_PARTITIONS', 6),
    replicationFactor,
    minInsyncReplicas,
    tls: tls(env, 'VERSE_KAFKA'),
    sasl,
  };
}

/** `3` (every replica in the local data centre) or `dc1:3,dc2:3`. */
function cassandraReplication(env: Env, mode: Mode, localDataCenter: string): Record<string, number> {
  const raw = env.VERSE_CASSANDRA_REPLICATION || String(mode === 'production' ? PRODUCTION_MINIMUM.replicas : 1);
  const name = 'VERSE_CASSANDRA_REPLICATION';
  const replication: Record<string, number> = {};
  if (/^\d+$/.test(raw)) replication[localDataCenter] = positiveInteger({ [name]: raw }, name, 1);
  else
    for (const entry of list(raw)) {
      const match = /^([A-Za-z0-9_.-]+):(\d+)$/.exec(entry);
      if (!match) throw new Error(`${name} must be a number or dc:replicas pairs (dc1:3,dc2:3), got "${raw}"`);
      replication[match[1]!] = positiveInteger({ [name]: match[2] }, name, 1);
    }
  if (!(localDataCenter in replication))
    throw new Error(`${name} names no replicas in the local data centre ${localDataCenter} (VERSE_CASSANDRA_LOCAL_DC)`);
  if (mode === 'production') {
    const thin = Object.entries(replication).filter(([, n]) => n < PRODUCTION_MINIMUM.replicas);
    if (thin.length > 0)
      throw new Error(
        `${name} must keep at least ${PRODUCTION_MINIMUM.replicas} replicas in every data centre in production (${thin.map(([dc, n]) => `${dc}: ${n}`).join(', ')}): LOCAL_QUORUM needs two of three when one node is down`,
      );
  }
  return replication;
}

function cassandraSettings(env: Env, mode: Mode): CassandraSettings {
  const localDataCenter = env.VERSE_CASSANDRA_LOCAL_DC || 'datacenter1';
  return {
    contactPoints: list(env.VERSE_CASSANDRA_CONTACT_POINTS || '127.0.0.1:9042'),
    localDataCenter,
    replication: cassandraReplication(env, mode, localDataCenter),
    credentials: credentials(env, 'VERSE_CASSANDRA'),
    tls: tls(env, 'VERSE_CASSANDRA'),
  };
}

function redisSettings(env: Env, mode: Mode): RedisSettings {
  const sentinels = list(env.VERSE_REDIS_SENTINELS).map((s) => hostPort('VERSE_REDIS_SENTINELS', s));
  const url = urlValue('VERSE_REDIS_URL', env.VERSE_REDIS_URL || 'redis://127.0.0.1:6379');
  const managedFailover = flag(env, 'VERSE_REDIS_MANAGED_FAILOVER');
  if (mode === 'production' && sentinels.length === 0 && !managedFailover)
    throw new Error(
      'Redis must fail over in production: name the Sentinels (VERSE_REDIS_SENTINELS=host:port,… and VERSE_REDIS_SENTINEL_NAME), or set VERSE_REDIS_MANAGED_FAILOVER=true when VERSE_REDIS_URL is a managed endpoint that fails over by itself',
    );
  if (sentinels.length > 0 && sentinels.length < 3 && mode === 'production')
    throw new Error(
      `VERSE_REDIS_SENTINELS must name at least 3 Sentinels in production (got ${sentinels.length}): a quorum must survive one loss`,
    );
  const username = env.VERSE_REDIS_USERNAME;
  const password = env.VERSE_REDIS_PASSWORD;
  return {
    url,
    sentinels,
    sentinelName: env.VERSE_REDIS_SENTINEL_NAME || 'verse',
    managedFailover,
    credentials: username || password ? { username, password } : null,
    sentinelPassword: env.VERSE_REDIS_SENTINEL_PASSWORD || null,
    tls: url.startsWith('rediss:') ? { caFile: env.VERSE_REDIS_CA_FILE || null } : tls(env, 'VERSE_REDIS'),
  };
}

function registrySettings(env: Env): RegistrySettings {
  const urls = list(env.VERSE_SCHEMA_REGISTRY_URL || 'http://127.0.0.1:8081/apis/ccompat/v7').map((u) =>
    urlValue('VERSE_SCHEMA_REGISTRY_URL', u),
  );
  return { urls, credentials: credentials(env, 'VERSE_SCHEMA_REGISTRY') };
}

export function storeSettings(env: Env, mode: Mode): StoreSettings {
  return {
    kafka: kafkaSettings(env, mode),
    cassandra: cassandraSettings(env, mode),
    redis: redisSettings(env, mode),
    registry: registrySettings(env),
  };
}

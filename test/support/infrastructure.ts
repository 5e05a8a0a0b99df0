/**
 * Where the test infrastructure comes from. `ops` (default when the services answer): the servers
 * ops/infra.sh started. `containers`: testcontainers starts the same servers in Docker, used
 * automatically when they do not answer and a Docker engine is present.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

export type InfraEnv = Record<string, string>;

function portOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    const settle = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

function hostPort(value: string, fallbackPort: number): [string, number] {
  const [host, port] = value
    .replace(/^[a-z]+:\/\//, '')
    .split('/')[0]!
    .split(':');
  return [host || '127.0.0.1', Number(port) || fallbackPort];
}

export async function servicesAnswer(env: NodeJS.ProcessEnv): Promise<boolean> {
  const checks: [string, number][] = [
    hostPort((env.VERSE_KAFKA_BROKERS ?? '127.0.0.1:9092').split(',')[0]!, 9092),
    hostPort((env.VERSE_CASSANDRA_CONTACT_POINTS ?? '127.0.0.1:9042').split(',')[0]!, 9042),
    hostPort(env.VERSE_REDIS_URL ?? 'redis://127.0.0.1:6379', 6379),
    hostPort(env.VERSE_SCHEMA_REGISTRY_URL ?? 'http://127.0.0.1:8081', 8081),
  ];
  return (await Promise.all(checks.map(([h, p]) => portOpen(h, p)))).every(Boolean);
}

export function dockerAvailable(): boolean {
  if (!existsSync('/var/run/docker.sock') && !process.env.DOCKER_HOST) return false;
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** Starts Kafka, Cassandra, Redis and Apicurio with testcontainers; returns VERSE_* settings and a stop function. */
export async function startContainers(): Promise<{ env: InfraEnv; stop: () => Promise<void> }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const kafka = await new GenericContainer('apache/kafka:3.9.1')
    .withExposedPorts({ container: 9092, host: 19092 })
    .withEnvironment({
      KAFKA_NODE_ID: '1',
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
      KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://127.0.0.1:19092',
      KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
      KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    })
    .withWaitStrategy(Wait.forListeningPorts())
    .start();
  const cassandra = await new GenericContainer('cassandra:5.0')
    .withExposedPorts(9042)
    .withEnvironment({ MAX_HEAP_SIZE: '1G', HEAP_NEWSIZE: '200M' })
    .withWaitStrategy(Wait.forLogMessage(/Startup complete/))
    .withStartupTimeout(240_000)
    .start();
  const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
  const registry = await new GenericContainer('apicurio/apicurio-registry:3.0.9')
    .withExposedPorts(8080)
    .withWaitStrategy(Wait.forHttp('/apis/ccompat/v7/subjects', 8080))
    .start();
  return {
    env: {
      VERSE_KAFKA_BROKERS: '127.0.0.1:19092',
      VERSE_CASSANDRA_CONTACT_POINTS: `${cassandra.getHost()}:${cassandra.getMappedPort(9042)}`,
      VERSE_REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      VERSE_SCHEMA_REGISTRY_URL: `http://${registry.getHost()}:${registry.getMappedPort(8080)}/apis/ccompat/v7`,
    },
    stop: async () => {
      await Promise.all([kafka.stop(), cassandra.stop(), redis.stop(), registry.stop()]);
    },
  };
}

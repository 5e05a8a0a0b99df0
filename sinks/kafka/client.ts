/** kafkajs and schema-registry clients from configuration. */
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import type { JsonOptions } from '@kafkajs/confluent-schema-registry/dist/@types.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { Kafka, logLevel, type SASLOptions } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';
import { tlsOptions } from '../tls.ts';
import { FailoverRegistry, type SchemaRegistryPool } from './registry-pool.ts';

export function createKafka(config: Config, clientId: string, logger?: Logger): Kafka {
  const { tls, sasl } = config.kafka;
  return new Kafka({
    clientId,
    brokers: config.kafka.brokers,
    ...(tls ? { ssl: tlsOptions(tls) } : {}),
    ...(sasl ? { sasl: sasl as SASLOptions } : {}),
    connectionTimeout: 5000,
    requestTimeout: 30000,
    retry: { initialRetryTime: 300, retries: 5 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry) => {
      const { message, ...rest } = entry.log;
      logger?.[entry.level <= logLevel.ERROR ? 'error' : 'warn']({ kafka: rest, namespace: entry.namespace }, message);
    },
  });
}

/** Headers for a direct call to the registry (setting compatibility), with its credentials. */
export function registryHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/vnd.schemaregistry.v1+json' };
  const user = config.registry.credentials;
  if (user) headers.authorization = `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`;
  return headers;
}

/**
 * One client per registry instance. JSON Schema validation on encode and decode uses Ajv 8 with
 * formats (uuid, date-time), as fastify does. A client does not retry by itself: the pool moves to
 * the next instance, and the caller's own retry decides when to try again.
 */
export function createSchemaRegistry(config: Config): SchemaRegistryPool {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats.default(ajv);
  // The registry client types its option against its own bundled Ajv 7; Ajv 8 has the same
  // addSchema/compile surface it calls, so only the nominal type differs.
  const ajvInstance = ajv as unknown as NonNullable<JsonOptions['ajvInstance']>;
  const user = config.registry.credentials;
  return new FailoverRegistry(
    config.registry.urls.map(
      (host) =>
        new SchemaRegistry(
          {
            host,
            ...(user ? { auth: { username: user.username, password: user.password } } : {}),
            retry: { retries: 1 },
          },
          { [SchemaType.JSON]: { ajvInstance } },
        ),
    ),
  );
}

/** kafkajs and schema-registry clients from configuration. */
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import type { JsonOptions } from '@kafkajs/confluent-schema-registry/dist/@types.js';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { Kafka, logLevel } from 'kafkajs';
import type { Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';

export function createKafka(config: Config, clientId: string, logger?: Logger): Kafka {
  return new Kafka({
    clientId,
    brokers: config.kafkaBrokers,
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

/** JSON Schema validation on encode and decode uses Ajv 8 with formats (uuid, date-time), as fastify does. */
export function createSchemaRegistry(config: Config): SchemaRegistry {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats.default(ajv);
  // The registry client types its option against its own bundled Ajv 7; Ajv 8 has the same
  // addSchema/compile surface it calls, so only the nominal type differs.
  const ajvInstance = ajv as unknown as NonNullable<JsonOptions['ajvInstance']>;
  return new SchemaRegistry({ host: config.schemaRegistryUrl }, { [SchemaType.JSON]: { ajvInstance } });
}

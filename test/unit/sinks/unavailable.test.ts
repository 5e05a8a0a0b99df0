import type { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import {
  ConfluentSchemaRegistryArgumentError,
  ConfluentSchemaRegistryValidationError,
} from '@kafkajs/confluent-schema-registry/dist/errors.js';
import cassandra from 'cassandra-driver';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../core/ports/engine.ts';
import { PublishTimeoutError } from '../../../sinks/kafka/publisher.ts';
import { FailoverRegistry } from '../../../sinks/kafka/registry-pool.ts';
import { isDependencyUnavailable } from '../../../sinks/unavailable.ts';

/** What the registry client throws for an answer with this status (or, with 400, a failed connection). */
const registryAnswer = (status: number, message = `Error, status ${status}`) =>
  Object.assign(new Error(`Confluent_Schema_Registry - ${message}`), { name: 'ResponseError', status });

const codes = cassandra.types.responseErrorCodes;

describe('isDependencyUnavailable', () => {
  it.each([
    ['Cassandra: no host answered', new cassandra.errors.NoHostAvailableError({})],
    ['Cassandra: too few replicas', new cassandra.errors.ResponseError(codes.unavailableException, 'unavailable')],
    ['Cassandra: a write timed out', new cassandra.errors.ResponseError(codes.writeTimeout, 'timeout')],
    ['Cassandra: the driver timed out', new cassandra.errors.OperationTimedOutError('timed out')],
    ['Redis: a replica now', new Error("READONLY You can't write against a read only replica.")],
    ['Redis: no connection', new Error('Connection is closed.')],
    ['Kafka: any client error', Object.assign(new Error('broker gone'), { name: 'KafkaJSConnectionError' })],
    ['Kafka: a publish past its deadline', new PublishTimeoutError('verse.submissions', 15_000)],
    [
      'the registry refused the connection',
      registryAnswer(400, 'Error, status 400: connect ECONNREFUSED 127.0.0.1:8081'),
    ],
    ['the registry answered 503', registryAnswer(503)],
    ['the registry refused our credentials', registryAnswer(401)],
    ['the engine unreachable', new EngineError('speech engine unreachable: fetch failed', { retriable: true })],
    ['a socket reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('is an outage: %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it.each([
    ['an unknown schema id', registryAnswer(404)],
    ['bytes not framed by the registry', new ConfluentSchemaRegistryArgumentError('magic byte')],
    ['a value that does not match its schema', new ConfluentSchemaRegistryValidationError('invalid', [])],
    ['a CQL syntax error', new cassandra.errors.ResponseError(codes.syntaxError, 'line 1')],
    ['the engine refusing the audio', new EngineError('422 unreadable audio', { retriable: false })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'job_id')")],
    ['not an error at all', 'a string'],
  ])('is not an outage: %s', (_what, error) => {
    expect(isDependencyUnavailable(error)).toBe(false);
  });
});

describe('FailoverRegistry', () => {
  const instance = (decode: () => Promise<unknown>) => ({ decode }) as unknown as SchemaRegistry;

  it('moves to the next instance when one does not answer, and stays there', async () => {
    const calls: string[] = [];
    const down = instance(async () => {
      calls.push('a');
      throw registryAnswer(400, 'Error, status 400: connect ECONNREFUSED 127.0.0.1:18081');
    });
    const up = instance(async () => {
      calls.push('b');
      return { job_id: 'j' };
    });
    const pool = new FailoverRegistry([down, up]);
    expect(await pool.decode(Buffer.alloc(0))).toEqual({ job_id: 'j' });
    expect(await pool.decode(Buffer.alloc(0))).toEqual({ job_id: 'j' });
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it("takes a registry's own answer as final: an unknown schema is not looked for elsewhere", async () => {
    let asked = 0;
    const pool = new FailoverRegistry([
      instance(async () => {
        asked++;
        throw registryAnswer(404, "No content with ID '7' was found.");
      }),
      instance(async () => {
        asked++;
        return {};
      }),
    ]);
    await expect(pool.decode(Buffer.alloc(0))).rejects.toThrow('No content');
    expect(asked).toBe(1);
  });

  it('fails with the last outage when no instance answers', async () => {
    const refused = () =>
      instance(async () => {
        throw registryAnswer(503);
      });
    await expect(new FailoverRegistry([refused(), refused()]).decode(Buffer.alloc(0))).rejects.toThrow('503');
  });
});

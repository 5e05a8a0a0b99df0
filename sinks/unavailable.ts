/**
 * Whether an error means a dependency is down or overloaded (Kafka, Cassandra, Redis, the schema
 * registry, the engine, the network) rather than that the work itself is wrong. Such a failure is
 * retried for as long as it lasts and never makes a message poison: the message will succeed once
 * the dependency is back. Recognised from each driver's own error types and codes.
 */
import { ConfluentSchemaRegistryError } from '@kafkajs/confluent-schema-registry/dist/errors.js';
import cassandra from 'cassandra-driver';
import { EngineError } from '../core/ports/engine.ts';
import { PublishTimeoutError } from './kafka/publisher.ts';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Cassandra answered, but could not reach enough replicas in time: the cluster, not the query. */
const CASSANDRA_UNAVAILABLE = new Set<number>([
  cassandra.types.responseErrorCodes.unavailableException,
  cassandra.types.responseErrorCodes.overloaded,
  cassandra.types.responseErrorCodes.isBootstrapping,
  cassandra.types.responseErrorCodes.writeTimeout,
  cassandra.types.responseErrorCodes.readTimeout,
  cassandra.types.responseErrorCodes.serverError,
]);

/** Replies of a Redis that is failing over, loading, or cut from its primary. */
const REDIS_TRANSIENT = /^(READONLY|LOADING|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;
const REDIS_CONNECTION =
  /Connection is closed|Stream isn't writeable|Reached the max retries per request limit|All sentinels are unreachable|Command timed out|Failed to refresh slots/;

/** A registry call that got no answer, a 5xx, or was refused entry (401/403: its credentials, not the message). */
export function isRegistryUnavailable(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof ConfluentSchemaRegistryError) return false;
  if (error.name !== 'ResponseError') return isNetworkError(error);
  const status = (error as Error & { status?: number }).status ?? 0;
  // The registry client reports a failed connection as status 400 with the socket's error text.
  if (status === 400)
    return [...NETWORK_CODES].some((code) => error.message.includes(code)) || /timeout/i.test(error.message);
  return status >= 500 || status === 401 || status === 403 || status === 408 || status === 429;
}

function isNetworkError(error: Error): boolean {
  const code = (error as Error & { code?: string }).code;
  if (code && NETWORK_CODES.has(code)) return true;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error && isNetworkError(cause);
}

export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof EngineError) return error.retriable;
  // kafkajs's errors share one base class, which its CommonJS entry does not export by name.
  if (error.name.startsWith('KafkaJS') || error instanceof PublishTimeoutError) return true;
  if (error instanceof cassandra.errors.NoHostAvailableError) return true;
  if (error instanceof cassandra.errors.OperationTimedOutError) return true;
  if (error instanceof cassandra.errors.BusyConnectionError) return true;
  if (error instanceof cassandra.errors.ResponseError) return CASSANDRA_UNAVAILABLE.has(error.code);
  if (REDIS_TRANSIENT.test(error.message) || REDIS_CONNECTION.test(error.message)) return true;
  return isRegistryUnavailable(error);
}

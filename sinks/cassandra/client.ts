/**
 * Cassandra session for the configured keyspace. Every query is prepared and may be retried on
 * another node; reads and writes are
 * LOCAL_QUORUM, and the Paxos round of a lightweight transaction is LOCAL_SERIAL: both stay inside
 * the local data centre, so a remote one being slow or cut off never stalls a request.
 */
import cassandra from 'cassandra-driver';
import type { Config } from '../../core/config.ts';
import { tlsOptions } from '../tls.ts';
import { OnceMoreOnTimeout } from './retry-policy.ts';

export type CassandraClient = cassandra.Client;
export const { types } = cassandra;

export function keyspaceOf(config: Config): string {
  return config.namespace;
}

/**
 * The native port of the cluster's nodes. The driver reaches the nodes it discovers (beyond the
 * contact points) on protocolOptions.port, 9042 unless told: a cluster on another port would
 * otherwise be half-reached, or another cluster on 9042 reached instead.
 */
export function nativePortOf(contactPoints: string[]): number | undefined {
  const ports = new Set(contactPoints.map((p) => /:(\d+)$/.exec(p)?.[1]).filter((p) => p !== undefined));
  if (ports.size > 1)
    throw new Error(`VERSE_CASSANDRA_CONTACT_POINTS name several ports (${[...ports].join(', ')}); a cluster has one`);
  return ports.size === 1 ? Number([...ports][0]) : undefined;
}

export function createCassandraClient(config: Config, options: { keyspace?: boolean } = {}): CassandraClient {
  const { contactPoints, localDataCenter, credentials, tls } = config.cassandra;
  const port = nativePortOf(contactPoints);
  return new cassandra.Client({
    contactPoints,
    ...(port ? { protocolOptions: { port } } : {}),
    localDataCenter,
    keyspace: options.keyspace === false ? undefined : keyspaceOf(config),
    ...(credentials
      ? { authProvider: new cassandra.auth.PlainTextAuthProvider(credentials.username, credentials.password) }
      : {}),
    ...(tls ? { sslOptions: { ...tlsOptions(tls), rejectUnauthorized: true } } : {}),
    queryOptions: {
      prepare: true,
      // A request cut off with its coordinator (a node killed mid-query) is sent to the next node.
      // Statements may be sent twice: writes set values rather than add to them, and a job's
      // compare-and-set that finds its own earlier write answers "not applied", which the job store
      // tells from a lost race by reading the row back (jobs.ts). What moves an amount says
      // otherwise where it is written: the credit balance and the api_calls counter.
      isIdempotent: true,
      consistency: cassandra.types.consistencies.localQuorum,
      serialConsistency: cassandra.types.consistencies.localSerial,
    },
    policies: { retry: new OnceMoreOnTimeout() },
    socketOptions: { connectTimeout: 5000, readTimeout: 12000 },
    pooling: { heartBeatInterval: 10000 },
  });
}

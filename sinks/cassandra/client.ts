/** Cassandra session for the configured keyspace. Every query is prepared; reads and writes are LOCAL_QUORUM. */
import cassandra from 'cassandra-driver';
import type { Config } from '../../core/config.ts';

export type CassandraClient = cassandra.Client;
export const { types } = cassandra;

export function keyspaceOf(config: Config): string {
  return config.namespace;
}

export function createCassandraClient(config: Config, options: { keyspace?: boolean } = {}): CassandraClient {
  return new cassandra.Client({
    contactPoints: config.cassandraContactPoints,
    localDataCenter: config.cassandraLocalDataCenter,
    keyspace: options.keyspace === false ? undefined : keyspaceOf(config),
    queryOptions: { prepare: true, consistency: cassandra.types.consistencies.localQuorum },
    socketOptions: { connectTimeout: 5000, readTimeout: 12000 },
    pooling: { heartBeatInterval: 10000 },
  });
}

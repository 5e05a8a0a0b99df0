/**
 * Cassandra failures the driver brings on by itself. The client sends a statement that timed out once
 * more through another coordinator (sinks/cassandra/client.ts); when the first try had been applied,
 * a conditional write's second try finds that try's row and answers "not applied".
 */
import type { CassandraClient } from '../../sinks/cassandra/client.ts';

/** Each statement and batch sent twice and answered with the second try's answer, as after a timeout. */
export function sentTwice(client: CassandraClient): CassandraClient {
  return Object.assign(Object.create(client) as CassandraClient, {
    execute: async (...args: Parameters<CassandraClient['execute']>) => {
      await client.execute(...args);
      return client.execute(...args);
    },
    batch: async (...args: Parameters<CassandraClient['batch']>) => {
      await client.batch(...args);
      return client.batch(...args);
    },
  });
}

/**
 * Versioned, re-runnable CQL migrations from ops/migrations/NNN_name.cql. Each file runs once per
 * keyspace (recorded in schema_migrations); every statement is IF NOT EXISTS so a half-applied
 * file can simply run again. A file may have a data step (DATA_STEPS), run after its statements
 * and before it is recorded, so a crash runs both again.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../core/config.ts';
import { type CassandraClient, createCassandraClient, keyspaceOf } from './client.ts';
import { backfillFilterFeeds, renderListRows } from './feed-backfill.ts';
import { moveOutboxIntoBuckets } from './outbox-move.ts';
import { moveUsageIntoShards } from './usage-move.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../ops/migrations');

/** Data steps by migration, run on a session in the keyspace; each must be safe to run again. */
const DATA_STEPS: Record<
  string,
  (db: CassandraClient, log: (msg: string) => void, config: Config) => Promise<unknown>
> = {
  '006_feed_filters': backfillFilterFeeds,
  '007_rendered_list_rows': renderListRows,
  '009_outbox_buckets': moveOutboxIntoBuckets,
  '011_usage_shards': moveUsageIntoShards,
  '012_feed_hour_buckets': renderListRows,
};

export function splitStatements(cql: string): string[] {
  return cql
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function migrateCassandra(config: Config, log: (msg: string) => void = () => {}): Promise<string[]> {
  const keyspace = keyspaceOf(config);
  const client = createCassandraClient(config, { keyspace: false });
  const applied: string[] = [];
  try {
    await client.execute(
      `CREATE KEYSPACE IF NOT EXISTS ${keyspace} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': ${config.cassandraReplication}}`,
    );
    await client.execute(
      `CREATE TABLE IF NOT EXISTS ${keyspace}.schema_migrations (version text PRIMARY KEY, applied_at timestamp)`,
    );
    const done = new Set(
      (await client.execute(`SELECT version FROM ${keyspace}.schema_migrations`)).rows.map((r) => r.version as string),
    );
    const files = (await readdir(MIGRATIONS)).filter((f) => /^\d+_.+\.cql$/.test(f)).sort();
    for (const file of files) {
      const version = file.replace(/\.cql$/, '');
      if (done.has(version)) continue;
      const cql = (await readFile(path.join(MIGRATIONS, file), 'utf8')).replaceAll('{{keyspace}}', keyspace);
      for (const statement of splitStatements(cql)) await client.execute(statement);
      const step = DATA_STEPS[version];
      if (step) {
        const db = createCassandraClient(config);
        try {
          await step(db, log, config);
        } finally {
          await db.shutdown();
        }
      }
      await client.execute(`INSERT INTO ${keyspace}.schema_migrations (version, applied_at) VALUES (?, ?)`, [
        version,
        new Date(),
      ]);
      log(`cassandra: applied ${version} to ${keyspace}`);
      applied.push(version);
    }
    return applied;
  } finally {
    await client.shutdown();
  }
}

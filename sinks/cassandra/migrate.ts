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
import { moveCreditsIntoLedger } from './credit-move.ts';
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
  '013_credit_ledger': moveCreditsIntoLedger,
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

/** The keyspace's replication as CQL: NetworkTopologyStrategy with the configured replicas per data centre. */
export function replicationCql(replication: Record<string, number>): string {
  const perDc = Object.entries(replication).map(([dc, n]) => `'${dc}': ${n}`);
  return `{'class': 'NetworkTopologyStrategy', ${perDc.join(', ')}}`;
}

/** Data centres whose replica count the change raises: their new replicas hold nothing until repaired. */
export function raisedDataCentres(current: Record<string, string>, wanted: Record<string, number>): string[] {
  const simple = current.class?.endsWith('SimpleStrategy') ? Number(current.replication_factor) : null;
  return Object.entries(wanted)
    .filter(([dc, n]) => n > (simple ?? Number(current[dc] ?? 0)))
    .map(([dc]) => dc);
}

function sameReplication(current: Record<string, string>, wanted: Record<string, number>): boolean {
  if (!current.class?.endsWith('NetworkTopologyStrategy')) return false;
  const dcs = Object.keys(current).filter((k) => k !== 'class');
  return dcs.length === Object.keys(wanted).length && dcs.every((dc) => Number(current[dc]) === wanted[dc]);
}

/**
 * Creates the keyspace, or brings an existing one to the configured replication (a keyspace made
 * before with SimpleStrategy or other counts), and says which repair makes the new replicas whole.
 */
export async function reconcileReplication(client: CassandraClient, config: Config, log: (msg: string) => void) {
  const keyspace = keyspaceOf(config);
  const wanted = config.cassandra.replication;
  const found = await client.execute('SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?', [
    keyspace,
  ]);
  const current = found.rows[0]?.replication as Record<string, string> | undefined;
  if (!current) {
    await client.execute(`CREATE KEYSPACE IF NOT EXISTS ${keyspace} WITH replication = ${replicationCql(wanted)}`);
    return;
  }
  if (sameReplication(current, wanted)) return;
  await client.execute(`ALTER KEYSPACE ${keyspace} WITH replication = ${replicationCql(wanted)}`);
  log(`cassandra: ${keyspace} replication changed from ${JSON.stringify(current)} to ${replicationCql(wanted)}`);
  const raised = raisedDataCentres(current, wanted);
  if (raised.length > 0)
    log(
      `cassandra: replicas were added in ${raised.join(', ')}: run "nodetool repair --full ${keyspace}" on every node of those data centres, one node at a time, before relying on them`,
    );
}

/** The migrations this release carries, in order: ops/migrations/NNN_name.cql, less `.cql`. */
async function migrationVersions(): Promise<string[]> {
  const files = (await readdir(MIGRATIONS)).filter((f) => /^\d+_.+\.cql$/.test(f)).sort();
  return files.map((f) => f.replace(/\.cql$/, ''));
}

async function appliedVersions(client: CassandraClient, keyspace: string): Promise<Set<string>> {
  const rows = (await client.execute(`SELECT version FROM ${keyspace}.schema_migrations`)).rows;
  return new Set(rows.map((r) => r.version as string));
}

/**
 * Whether the keyspace holds every migration this release carries: a gateway or processor started
 * against one that lacks a column it writes would fail those writes one request at a time.
 * Production refuses to start; development says so and goes on, as for the Kafka topics.
 */
export async function checkMigrations(config: Config, warn: (msg: string) => void): Promise<void> {
  const keyspace = keyspaceOf(config);
  const client = createCassandraClient(config, { keyspace: false });
  try {
    const exists = await client.execute(
      'SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?',
      [keyspace, 'schema_migrations'],
    );
    const done = exists.rowLength > 0 ? await appliedVersions(client, keyspace) : new Set<string>();
    const missing = (await migrationVersions()).filter((version) => !done.has(version));
    if (missing.length === 0) return;
    const text = `keyspace ${keyspace} lacks migrations ${missing.join(', ')}: run verse migrate`;
    if (config.mode === 'production') throw new Error(`Cassandra schema is not current: ${text}`);
    warn(`cassandra schema is not current: ${text}`);
  } finally {
    await client.shutdown();
  }
}

export async function migrateCassandra(config: Config, log: (msg: string) => void = () => {}): Promise<string[]> {
  const keyspace = keyspaceOf(config);
  const client = createCassandraClient(config, { keyspace: false });
  const applied: string[] = [];
  try {
    await reconcileReplication(client, config, log);
    await client.execute(
      `CREATE TABLE IF NOT EXISTS ${keyspace}.schema_migrations (version text PRIMARY KEY, applied_at timestamp)`,
    );
    const done = await appliedVersions(client, keyspace);
    for (const version of await migrationVersions()) {
      if (done.has(version)) continue;
      const cql = (await readFile(path.join(MIGRATIONS, `${version}.cql`), 'utf8')).replaceAll(
        '{{keyspace}}',
        keyspace,
      );
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

/**
 * Data steps that move what a release's earlier tables hold: the entries the 16 fixed outbox shards
 * still owe (009) and the usage totals with their ledger (011). A keyspace is migrated whole, the
 * old tables are put back with rows in them as an earlier release left them, and the two steps run
 * again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUuid } from '../../core/ids.ts';
import { outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { type CassandraClient, createCassandraClient } from '../../sinks/cassandra/client.ts';
import { CassandraJobStore } from '../../sinks/cassandra/jobs.ts';
import { checkMigrations, migrateCassandra, reconcileReplication } from '../../sinks/cassandra/migrate.ts';
import { CassandraUsageStore, usageShardOf } from '../../sinks/cassandra/usage.ts';
import { testConfig } from '../support/platform.ts';

const config = testConfig({ VERSE_NAMESPACE: `verse_migrations_${Date.now().toString(36)}` });
let db: CassandraClient;

beforeAll(async () => {
  await migrateCassandra(config);
  db = createCassandraClient(config);
  await db.connect();
});
afterAll(async () => {
  await db?.execute(`DROP KEYSPACE IF EXISTS ${config.namespace}`);
  await db?.shutdown();
});

const tableExists = async (name: string) =>
  (
    await db.execute('SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?', [
      config.namespace,
      name,
    ])
  ).rowLength > 0;

describe('moving what an earlier release left', () => {
  it('moves owed outbox entries into their buckets and usage totals and ledger into shards, then drops the old tables', async () => {
    expect(await tableExists('job_outbox')).toBe(false);
    expect(await tableExists('usage_totals')).toBe(false);
    // The tables as migrations 002, 005 and 006 left them, with what an earlier release wrote.
    await db.execute(
      'CREATE TABLE job_outbox (shard int, job_id uuid, version int, effects text, created_at timestamp, previous_updated_at timestamp, previous_status text, PRIMARY KEY (shard, job_id, version))',
    );
    await db.execute('CREATE TABLE usage_totals (org_id text, name text, value bigint, PRIMARY KEY (org_id, name))');
    const jobId = newUuid();
    const owedAt = new Date(Date.now() - 3_600_000);
    const movedAt = new Date(Date.now() - 7_200_000);
    await db.execute(
      'INSERT INTO job_outbox (shard, job_id, version, effects, created_at, previous_updated_at, previous_status) VALUES (7, ?, 2, ?, ?, ?, ?)',
      [jobId, '["queue_alignment"]', owedAt, movedAt, 'processing'],
    );
    await db.execute("INSERT INTO usage_totals (org_id, name, value) VALUES ('org_old', 'total_jobs', 5)");
    await db.execute("INSERT INTO usage_totals (org_id, name, value) VALUES ('org_old', 'language:Hindi', 5)");
    await db.execute(`INSERT INTO usage_totals (org_id, name, value) VALUES ('org_old', ?, 1) USING TTL 86400`, [
      `~ledger:${jobId}:total_jobs`,
    ]);
    await db.execute("DELETE FROM schema_migrations WHERE version IN ('009_outbox_buckets', '011_usage_shards')");

    expect(await migrateCassandra(config)).toEqual(['009_outbox_buckets', '011_usage_shards']);

    const jobs = new CassandraJobStore(db);
    expect(await jobs.outboxEntry(jobId, 2)).toEqual({
      job_id: jobId,
      version: 2,
      effects: ['queue_alignment'],
      created_at: owedAt,
      previous: { updated_at: movedAt, status: 'processing' },
    });
    expect(await jobs.outboxCheckpoint()).toBeLessThanOrEqual(outboxBucketOf(owedAt));
    const usage = await new CassandraUsageStore(db).get('org_old');
    expect(usage).toMatchObject({ total_jobs: 5, jobs_by_language: { Hindi: 5 } });
    const ledger = (
      await db.execute(
        'SELECT value, TTL(value) AS ttl FROM usage_shards WHERE org_id = ? AND shard = ? AND name = ?',
        ['org_old', usageShardOf(jobId), `~ledger:${jobId}:total_jobs`],
      )
    ).first();
    expect(Number(ledger?.value)).toBe(1);
    expect(ledger?.ttl).toBeGreaterThan(80_000);
    expect(await tableExists('job_outbox')).toBe(false);
    expect(await tableExists('usage_totals')).toBe(false);
  });
});

describe("the keyspace's replication", () => {
  const replication = async () =>
    (await db.execute('SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?', [config.namespace]))
      .rows[0]!.replication as Record<string, string>;

  it('brings a keyspace made with SimpleStrategy to NetworkTopologyStrategy, and says which repair a raise needs', async () => {
    await db.execute(
      `ALTER KEYSPACE ${config.namespace} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}`,
    );
    const said: string[] = [];
    await migrateCassandra(config, (m) => said.push(m));
    expect(await replication()).toEqual({
      class: 'org.apache.cassandra.locator.NetworkTopologyStrategy',
      datacenter1: '1',
    });
    expect(said.join('\n')).not.toContain('repair');

    // Raised to 2 on this one node (only the keyspace's settings: a query at LOCAL_QUORUM would now fail).
    const raised = testConfig({ VERSE_NAMESPACE: config.namespace, VERSE_CASSANDRA_REPLICATION: 'datacenter1:2' });
    await reconcileReplication(db, raised, (m) => said.push(m));
    expect((await replication()).datacenter1).toBe('2');
    expect(said.join('\n')).toContain(
      `nodetool repair --full ${config.namespace}" on every node of those data centres`,
    );

    // Lowered again: no repair to run; and once as configured, nothing to say.
    said.length = 0;
    await reconcileReplication(db, config, (m) => said.push(m));
    expect((await replication()).datacenter1).toBe('1');
    expect(said.join('\n')).not.toContain('repair');
    said.length = 0;
    await migrateCassandra(config, (m) => said.push(m));
    expect(said).toEqual([]);
  });
});

describe('the start-up check that the keyspace is current', () => {
  it('refuses in production a keyspace that lacks a migration, says so in development, and passes a current one', async () => {
    const said: string[] = [];
    await checkMigrations(config, (m) => said.push(m));
    expect(said).toEqual([]);

    // A release whose newest migration the keyspace has not had.
    await db.execute('DELETE FROM schema_migrations WHERE version = ?', ['016_credit_ledger_move_id']);
    await expect(checkMigrations({ ...config, mode: 'production' }, () => {})).rejects.toThrow(
      `keyspace ${config.namespace} lacks migrations 016_credit_ledger_move_id: run verse migrate`,
    );
    await checkMigrations(config, (m) => said.push(m));
    expect(said).toEqual([expect.stringContaining('lacks migrations 016_credit_ledger_move_id')]);

    // A keyspace never migrated lacks them all.
    const fresh = { ...config, namespace: `${config.namespace}_none`, mode: 'production' as const };
    await expect(checkMigrations(fresh, () => {})).rejects.toThrow(/lacks migrations 001_.*016_credit_ledger_move_id/);

    await migrateCassandra(config);
    said.length = 0;
    await checkMigrations({ ...config, mode: 'production' }, (m) => said.push(m));
    expect(said).toEqual([]);
  });
});

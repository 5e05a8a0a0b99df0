/**
 * Migration 009's data step: the entries the 16 fixed shards of job_outbox still hold (changes a
 * crash left owed) move into the time buckets at their own time, the sweep checkpoint starts at the
 * oldest of them (or at this moment), and the old table goes. Safe to run again.
 */
import { outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import type { CassandraClient } from './client.ts';
import { CassandraJobStore, outboxEntryOf } from './jobs.ts';

const LEGACY_SHARDS = 16;

export async function moveOutboxIntoBuckets(db: CassandraClient, log: (msg: string) => void): Promise<number> {
  const jobs = new CassandraJobStore(db);
  const legacy = (
    await db.execute('SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?', [
      db.keyspace,
      'job_outbox',
    ])
  ).first();
  let first = outboxBucketOf(new Date());
  let moved = 0;
  if (legacy) {
    for (let shard = 0; shard < LEGACY_SHARDS; shard++) {
      for (const row of (await db.execute('SELECT * FROM job_outbox WHERE shard = ?', [shard])).rows) {
        const entry = outboxEntryOf(row);
        await jobs.writeOutbox(entry);
        first = Math.min(first, outboxBucketOf(entry.created_at));
        moved++;
      }
    }
  }
  const checkpoint = await jobs.outboxCheckpoint();
  if (checkpoint === null || first < checkpoint)
    await db.execute("INSERT INTO job_outbox_checkpoint (name, bucket) VALUES ('sweep', ?)", [first]);
  if (legacy) await db.execute('DROP TABLE IF EXISTS job_outbox');
  log(`cassandra: ${moved} outbox entries moved into time buckets`);
  return moved;
}

/**
 * Migration 011's data step: each organisation's totals in usage_totals move to shard 0 of
 * usage_shards, each ledger row to its job's shard with the time it had left, and usage_totals goes.
 * Run before any gateway or processor of the release writes usage; safe to run again (with the old
 * table gone there is nothing left to move).
 */
import type { CassandraClient } from './client.ts';
import { usageShardOf } from './usage.ts';

const PAGE = 500;
const LEDGER = /^~ledger:([^:]+):/;

export async function moveUsageIntoShards(db: CassandraClient, log: (msg: string) => void): Promise<number> {
  const legacy = (
    await db.execute('SELECT table_name FROM system_schema.tables WHERE keyspace_name = ? AND table_name = ?', [
      db.keyspace,
      'usage_totals',
    ])
  ).first();
  if (!legacy) return 0;
  let moved = 0;
  let pageState: string | undefined;
  do {
    const page = await db.execute('SELECT org_id, name, value, TTL(value) AS ttl FROM usage_totals', [], {
      prepare: true,
      fetchSize: PAGE,
      pageState,
    });
    await Promise.all(
      page.rows.map((row) => {
        const name = row.name as string;
        const job = LEDGER.exec(name)?.[1];
        if (!job)
          return db.execute('INSERT INTO usage_shards (org_id, shard, name, value) VALUES (?, 0, ?, ?)', [
            row.org_id,
            name,
            row.value,
          ]);
        const ttl = row.ttl as number | null;
        return db.execute('INSERT INTO usage_shards (org_id, shard, name, value) VALUES (?, ?, ?, ?) USING TTL ?', [
          row.org_id,
          usageShardOf(job),
          name,
          row.value,
          Math.max(1, ttl ?? 1),
        ]);
      }),
    );
    moved += page.rows.length;
    pageState = page.pageState ?? undefined;
  } while (pageState);
  await db.execute('DROP TABLE IF EXISTS usage_totals');
  log(`cassandra: ${moved} usage rows moved into shards`);
  return moved;
}

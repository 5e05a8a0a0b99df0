/**
 * The outbox under volume, on the real Cassandra with the real sweeper. 150,000 changes whose jobs
 * all hash to one outbox shard (the worst case for the 16 fixed shards this replaced: their
 * sweeper's read of a shard aborted once it held 100,000 tombstones), written at the pace of
 * 100,000 jobs a day by a moved clock while the sweeper ticks along, then one change a crash left
 * owed. The sweeper must still answer, redo that change, and read no partition holding more than a
 * bucket's few tombstones. A control first puts the same volume through a table shaped as the old
 * outbox was, whose sweeper read must fail: the volume is enough to break what this replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobWriter } from '../../core/app/job-writer.ts';
import { newUuid } from '../../core/ids.ts';
import { OUTBOX_BUCKET_MS, outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { OUTBOX_STALE_MS } from '../../core/policy.ts';
import type { Platform } from '../../ops/platform.ts';
import { CassandraJobStore, outboxShard } from '../../sinks/cassandra/jobs.ts';
import { connectTestPlatform } from '../support/platform.ts';

const CHANGES = Number(process.env.OUTBOX_CHANGES ?? 150_000);
/** 100,000 jobs a day, about five changes each. */
const CHANGE_EVERY_MS = 86_400_000 / 500_000;
const CONCURRENCY = 16;
/** Cassandra's tombstone_warn_threshold: a read that meets more is logged as a warning. */
const TOMBSTONE_WARN_THRESHOLD = 1000;
/** The sweeper ticks every 2 s in production; here every simulated minute is plenty to keep up. */
const SWEEP_EVERY = Math.round(60_000 / CHANGE_EVERY_MS);

let platform: Platform;
beforeAll(async () => {
  platform = await connectTestPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** Job ids that all land in one outbox shard. */
function idsInOneShard(n: number): string[] {
  const ids: string[] = [];
  while (ids.length < n) {
    const id = newUuid();
    if (outboxShard(id) === 0) ids.push(id);
  }
  return ids;
}

/** Tombstones one read of a bucket partition scanned, from Cassandra's own trace of it. */
async function tombstonesRead(bucket: number): Promise<number> {
  const result = await platform.cassandra.execute(
    'SELECT * FROM job_outbox_entries WHERE bucket = ? AND shard = 0',
    [bucket],
    { traceQuery: true },
  );
  const trace = await platform.cassandra.metadata.getTrace(result.info.traceId);
  let tombstones = 0;
  for (const event of trace.events) {
    const m = /Read \d+ live rows? and (\d+) tombstone/.exec(event.activity);
    if (m) tombstones += Number(m[1]);
  }
  return tombstones;
}

describe('the outbox after 150,000 changes in one shard', () => {
  it('(control) would break the fixed-shard outbox it replaced: its sweeper read of the shard fails', async () => {
    const db = platform.cassandra;
    const table = `legacy_outbox_${newUuid().slice(0, 8)}`;
    // The table migration 002 created, and the writes one change made to it.
    await db.execute(
      `CREATE TABLE ${table} (shard int, job_id uuid, version int, effects text, created_at timestamp, PRIMARY KEY (shard, job_id, version))`,
    );
    try {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < CHANGES; i = next++) {
          const id = newUuid();
          await db.execute(
            `INSERT INTO ${table} (shard, job_id, version, effects, created_at) VALUES (0, ?, 1, '["submit"]', ?)`,
            [id, new Date()],
          );
          await db.execute(`DELETE FROM ${table} WHERE shard = 0 AND job_id = ? AND version = 1`, [id]);
        }
      };
      await Promise.all(Array.from({ length: 4 * CONCURRENCY }, worker));
      await expect(db.execute(`SELECT * FROM ${table} WHERE shard = 0`)).rejects.toThrow();
    } finally {
      await db.execute(`DROP TABLE IF EXISTS ${table}`);
    }
  }, 600_000);

  it('still sweeps: the one change owed is redone, and no read meets more than a bucket of tombstones', async () => {
    // Somewhere in the past year, so no other run's buckets are walked.
    let clock = new Date(Date.now() - (30 + Math.random() * 300) * 86_400_000);
    const jobs = new CassandraJobStore(platform.cassandra, { now: () => clock, sweep: `test-${newUuid()}` });
    const deps = platform.jobServices;
    const writer = new JobWriter({
      config: platform.config,
      logger: platform.logger,
      jobs,
      feed: deps.feed,
      timers: platform.timers,
      usage: platform.usage,
      batches: deps.batches,
      publisher: platform.publisher,
    });
    const ids = idsInOneShard(CHANGES / 5);
    const firstBucket = outboxBucketOf(clock);

    let next = 0;
    let swept = 0;
    // A real change clears its entry within milliseconds; here the moved clock runs on while one is
    // in flight, so the sweeper's clock is held at the oldest change still in flight.
    const inFlight = new Map<number, Date>();
    const sweeperClock = () => new Date(Math.min(clock.getTime(), ...[...inFlight.values()].map((d) => d.getTime())));
    const worker = async () => {
      for (let i = next++; i < CHANGES; i = next++) {
        clock = new Date(clock.getTime() + CHANGE_EVERY_MS);
        inFlight.set(i, clock);
        const entry = await jobs.addOutbox(ids[i % ids.length]!, Math.floor(i / ids.length) + 1, ['submit'], null);
        await jobs.removeOutbox(entry);
        inFlight.delete(i);
        if (i % SWEEP_EVERY === 0) swept += await writer.sweep(sweeperClock());
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(swept).toBe(0);

    // A change a crash left owed (its job never landed): the sweep clears it once it is stale.
    const owed = await jobs.addOutbox(newUuid(), 1, ['submit'], null);
    clock = new Date(clock.getTime() + OUTBOX_STALE_MS + OUTBOX_BUCKET_MS + 1000);
    // The moved clock outran the sweeps (an hour of buckets in a second): let them catch up.
    let redone = 0;
    while ((await jobs.outboxCheckpoint())! <= outboxBucketOf(owed.created_at)) redone += await writer.sweep(clock);
    expect(redone).toBe(1);
    expect(await jobs.outboxEntry(owed.job_id, 1)).toBeNull();

    // Every bucket written was swept past, and a read of one meets a bucket's few deletions: far
    // below Cassandra's warning threshold (1,000), where the shard it replaced met 150,000.
    expect(await jobs.outboxCheckpoint()).toBeGreaterThan(outboxBucketOf(owed.created_at));
    const middle = firstBucket + Math.floor((outboxBucketOf(owed.created_at) - firstBucket) / 2);
    const tombstones = await tombstonesRead(middle);
    expect(tombstones).toBeGreaterThan(0);
    expect(tombstones).toBeLessThan(TOMBSTONE_WARN_THRESHOLD);
  }, 600_000);
});

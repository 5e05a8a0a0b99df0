/** Sweeps the outbox as the sweeper's ticks would, for tests that cannot wait for its schedule. */
import type { JobWriter } from '../../core/app/job-writer.ts';
import { OUTBOX_BUCKET_MS, outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { OUTBOX_STALE_MS } from '../../core/policy.ts';
import type { JobStore } from '../../core/ports/jobs.ts';

/**
 * Sweeps with a clock set where an entry written now and its whole bucket are stale, until the
 * checkpoint (left wherever this keyspace's last sweeper stopped) has passed `writtenAt`.
 */
export async function sweepPast(writer: JobWriter, jobs: JobStore, writtenAt: Date): Promise<void> {
  const stale = new Date(Date.now() + OUTBOX_STALE_MS + OUTBOX_BUCKET_MS + 1000);
  while (((await jobs.outboxCheckpoint()) ?? 0) <= outboxBucketOf(writtenAt)) await writer.sweep(stale);
}

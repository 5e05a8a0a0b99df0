/**
 * The outbox as time buckets, so that no partition a sweeper reads keeps collecting deletions.
 *
 * A change's entry goes into the bucket of the moment it is written, and its deletion a moment later
 * lands in the same bucket. A sweep reads a bucket once every entry it can hold is stale
 * (OUTBOX_STALE_MS old), redoes what is left in it, and moves the sweep checkpoint past it: no sweep
 * reads it again, so its tombstones are read once rather than on every sweep for ten days. An entry
 * whose redo did not finish is written again in the current bucket, to be tried once that one is
 * stale: the checkpoint always moves on, and nothing owed is left behind it.
 */
import { OUTBOX_STALE_MS } from '../policy.ts';

/**
 * Each bucket spans this long. An entry is redone between OUTBOX_STALE_MS and OUTBOX_STALE_MS plus
 * this after it was written, and a sweep every couple of seconds reads a bucket at a time.
 */
export const OUTBOX_BUCKET_MS = 5_000;

/**
 * The most buckets one sweep reads (five minutes' worth), so a tick stays short and a stopping
 * sweeper stops promptly; a sweeper catching up after downtime walks on, tick after tick.
 */
export const OUTBOX_BUCKETS_PER_SWEEP = 60;

/**
 * One sweeper at a time walks the buckets, holding a lease it extends at each bucket; another takes
 * over once it lapses (the holder crashed), and walks again from the checkpoint.
 */
export const OUTBOX_SWEEP_LEASE_MS = 30_000;

export const outboxBucketOf = (at: Date): number => Math.floor(at.getTime() / OUTBOX_BUCKET_MS);

/** The newest bucket whose every possible entry is stale at `now`. */
export const lastStaleOutboxBucket = (now: Date): number =>
  Math.floor((now.getTime() - OUTBOX_STALE_MS) / OUTBOX_BUCKET_MS) - 1;

/**
 * Where a sweep starts when no checkpoint was ever written: one walk back. (Migration 009 writes
 * the first checkpoint, so a deployment always has one.)
 */
export const firstOutboxBucket = (now: Date): number => lastStaleOutboxBucket(now) - OUTBOX_BUCKETS_PER_SWEEP + 1;

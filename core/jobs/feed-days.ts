/**
 * Which partitions of the change feed a page must read. The feed is kept in hour buckets
 * ('YYYY-MM-DDTHH', UTC): a busy catalogue makes half a million changes a day, and an hour of them
 * stays a partition of tens of MB where a day of them would not.
 *
 * The feed holds a row back until it is FEED_SETTLE_MS old, on the rule that a change's row is
 * written within that long of its updated_at. A bucket is created by its first row, so a feed's list
 * of buckets only ever grows, and only by buckets at or after the one its newest rows were stamped
 * in. A list read at time C is therefore complete once every bucket from C - FEED_SETTLE_MS up to now
 * is added to it: a reader can keep the list and still never miss a bucket, at the price of asking
 * for one that may be empty.
 */
export const FEED_SETTLE_MS = 2000;

/** A UTC day, 'YYYY-MM-DD' (the delivery log's partitions). */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The feed bucket of a moment: its UTC hour, 'YYYY-MM-DDTHH'. */
export const feedBucketOf = (d: Date) => d.toISOString().slice(0, 13);

const HOUR_MS = 3_600_000;

/** The known buckets, plus every bucket that may have appeared since they were read at `readAt`; sorted. */
export function bucketsSince(known: readonly string[], readAt: Date, now: Date): string[] {
  const buckets = new Set(known);
  const first = Date.parse(`${feedBucketOf(new Date(readAt.getTime() - FEED_SETTLE_MS))}:00:00Z`);
  for (let t = first; t <= now.getTime(); t += HOUR_MS) buckets.add(feedBucketOf(new Date(t)));
  return [...buckets].sort();
}

/**
 * Whether a feed row is hidden because the job has moved on and its new row is visible by now. Until
 * then the row stays listed at its old position, so every job is listed exactly once at every moment:
 * at its previous place while its new row is held back by the settle window, at the new one after.
 */
export const isSupersededBy = (row: { superseded_at: Date | null }, horizon: number): boolean =>
  row.superseded_at !== null && row.superseded_at.getTime() <= horizon;

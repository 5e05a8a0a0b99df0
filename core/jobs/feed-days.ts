/**
 * Which day partitions of the change feed a page must read. The feed holds a row back until it is
 * FEED_SETTLE_MS old, on the rule that a change's row is written within that long of its updated_at.
 * A day partition is created by its first row, so the organisation's list of days only ever grows,
 * and only by days at or after the day its newest rows were stamped. A list read at time C is
 * therefore complete once every day from C - FEED_SETTLE_MS up to now is added to it: a reader can
 * keep the list and still never miss a day, at the price of asking for a day that may be empty.
 */
export const FEED_SETTLE_MS = 2000;

export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** The known days, plus every day that may have appeared since they were read at `readAt`; sorted. */
export function daysSince(known: readonly string[], readAt: Date, now: Date): string[] {
  const days = new Set(known);
  const first = Date.parse(`${dayOf(new Date(readAt.getTime() - FEED_SETTLE_MS))}T00:00:00Z`);
  for (let t = first; t <= now.getTime(); t += DAY_MS) days.add(dayOf(new Date(t)));
  return [...days].sort();
}

/**
 * Whether a feed row is hidden because the job has moved on and its new row is visible by now. Until
 * then the row stays listed at its old position, so every job is listed exactly once at every moment:
 * at its previous place while its new row is held back by the settle window, at the new one after.
 */
export const isSupersededBy = (row: { superseded_at: Date | null }, horizon: number): boolean =>
  row.superseded_at !== null && row.superseded_at.getTime() <= horizon;

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
